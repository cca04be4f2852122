class Range implements Iterable<number> {
  constructor(private readonly lo: number, private readonly hi: number) {}
  *[Symbol.iterator](): Iterator<number> {
    for (let i = this.lo; i <= this.hi; i++) yield i;
  }
  get [Symbol.toStringTag](): string { return "Range"; }
}
const r = new Range(1, 4);
console.log([...r].join(), Object.prototype.toString.call(r));
const [first, ...restR] = r;
console.log(first, restR.length);
