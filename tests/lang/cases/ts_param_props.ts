class P {
  constructor(private a: number, public b = 2, protected readonly c?: string, readonly d: boolean = true, e = 5) {}
}
class Q extends P {
  constructor(public override x: number) {
    super(x);
    console.log("after super");
  }
}
class R {
  constructor(
    private readonly one: number,
    public two: string,
  ) {
    this.check();
  }
  check() {}
}
class S { constructor(public p: number, { q }: { q: number }, ...rest: number[]) { console.log(q, rest); } }
