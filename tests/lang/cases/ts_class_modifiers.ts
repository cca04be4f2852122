abstract class Base<T> implements I, J<T> {
  private a = 1;
  protected b: number = 2;
  public c = 3;
  readonly d = 4;
  private static readonly e = 5;
  public override toString(): string { return ""; }
  protected static override valueOf() { return 1; }
  public constructor() { this.c = 0; }
  private get p(): number { return 1; }
  protected set p(v: number) {}
  static #q: number = 1;
}
class Derived extends Base<number> implements I {
  override readonly x = 1;
  public static async *gen(): AsyncGenerator<number> {}
}
let abstract = 1, readonly = 2, accessor = 3, declare = 4, override = 5;
class Fields { public; private = 1; static; readonly; declare; abstract; }
