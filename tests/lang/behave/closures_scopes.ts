function makeCounter(start: number = 0): { inc(): number; get(): number } {
  let n = start;
  return { inc: () => ++n, get() { return n; } };
}
const c = makeCounter(10);
c.inc(); c.inc();
console.log(c.get());
const fns: Array<() => number> = [];
for (let i = 0; i < 3; i++) fns.push(() => i);
console.log(fns.map((f) => f()).join(","));
var hoisted = typeof later;
function later(): string { return "l"; }
console.log(hoisted, later());
