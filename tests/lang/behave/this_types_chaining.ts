class Builder {
  private parts: string[] = [];
  add(this: Builder, p: string): this { this.parts.push(p); return this; }
  build(): string { return this.parts.join("-"); }
}
class Sub extends Builder { extra(): this { return this.add("extra"); } }
console.log(new Sub().add("a").extra().add("b").build());
function bound(this: { v: number }, d: number) { return this.v + d; }
console.log(bound.call({ v: 1 }, 2));
