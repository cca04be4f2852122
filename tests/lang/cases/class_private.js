class A {
  #x = 1;
  static #count = 0;
  y = this.#x + 1;
  static z;
  ['computed'] = 2;
  #m() { return this.#x; }
  get #g() { return 3; }
  static has(o) { return #x in o; }
  static #sm() { return A.#count++; }
  constructor() { A.#sm(); }
}
console.log(A.has(new A()), A.has({}));
