const Mixin = <TBase extends new (...args: any[]) => object>(Base: TBase) =>
  class extends Base {
    tagged = true;
    describe(): string { return "mixed"; }
  };
class Plain { constructor(public v = 1) {} }
const Mixed = Mixin(Plain);
const m = new Mixed();
console.log(m.tagged, m.describe(), (m as Plain).v);
const Anon = class<T> { constructor(private t: T) {} get(): T { return this.t; } };
console.log(new Anon<string>("anon").get());
