	class A extends (B, C) {
  #x = 1; static #y; static z = 2; w;
  static { this.z++; }
  constructor(...a) { super(...a); this.#x = new.target; }
  get v() { return this.#x; } set v(n) { this.#x = n; }
  static async *gen() {}
  #priv() { return #x in this; }
  ["computed" + 1]() {}
  async [Symbol.iterator]() {}
  'quoted'() {} 123() {}
}
