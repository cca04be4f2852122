class Temp {
  private _c = 0;
  get celsius(): number { return this._c; }
  set celsius(v: number) { this._c = v; }
  get fahrenheit() { return this._c * 9 / 5 + 32; }
  set fahrenheit(f) { this._c = (f - 32) * 5 / 9; }
  static get unit(): string { return "C"; }
}
const t = new Temp();
t.celsius = 100;
console.log(t.fahrenheit, Temp.unit);
t.fahrenheit = 32;
console.log(t.celsius);
const o = { _v: 1, get v() { return this._v; }, set v(x: number) { this._v = x * 2; }, get: 5, set: 6 };
o.v = 4;
console.log(o.v, o.get, o.set);
