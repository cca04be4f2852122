	@Component({ selector: "x" })
class A {
  @Input() a: string;
  @Output() @Other b = 1;
  constructor(@Inject(T) private t: T) {}
  @HostListener("click", ["$event"]) onClick(e) {}
}
export @dec class B {}
@dec export class C {}
