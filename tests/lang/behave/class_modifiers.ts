abstract class Base {
  private a = 1;
  protected b: number = 2;
  public c = 3;
  readonly d = 4;
  private static readonly e = 5;
  static getE() { return Base.e; }
  public override toString(): string { return `${this.a}${this.b}${this.c}${this.d}`; }
}
interface Named { name: string }
class Impl extends Base implements Named {
  name = "impl";
  public override readonly c = 30;
}
const i = new Impl();
console.log(String(i), Base.getE(), i.name, Object.keys(i).join(","));
class Fields { public: number = 1; private = 2; static = 3; readonly = 4; declare = 5; abstract = 6; }
console.log(JSON.stringify(new Fields()));
