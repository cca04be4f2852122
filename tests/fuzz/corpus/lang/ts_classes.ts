	abstract class A<T> extends B<T> implements C, D<T> {
  private a: number = 1; protected b?: string; public readonly c!: T; static d: number; declare e: string;
  constructor(private readonly f: number, public g?: string, protected h = 1) { super(); }
  abstract m(): void;
  override n<U>(this: A<T>, u: U): U { return u; }
  get p(): number { return 1 }
  [key: string]: any;
  accessor q: number = 1;
}
