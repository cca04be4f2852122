class Counter {
  #count = 0;
  static #instances = 0;
  readonly id: number;
  constructor() { this.id = ++Counter.#instances; }
  inc(): this { this.#count++; return this; }
  get value() { return this.#count; }
  #secret() { return "s" + this.#count; }
  reveal() { return this.#secret(); }
  static isCounter(o: object): boolean { return #count in o; }
}
const c = new Counter().inc().inc();
console.log(c.value, c.reveal(), c.id, Counter.isCounter(c), Counter.isCounter({}));
