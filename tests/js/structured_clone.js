// differential
// structuredClone as Node 22 does it.
const src = { n: 1, s: "x", d: new Date(5), r: /a/g, m: new Map([[1, { x: 1 }]]), st: new Set([1, 2]), a: [1, , 3], u8: new Uint8Array([1, 2]), big: 5n, nested: { deep: [1, { z: 2 }] } };
src.self = src;
const c = structuredClone(src);
console.log(c !== src, c.self === c, c.d instanceof Date, c.d.getTime(), c.r.source, c.r.flags, c.r.lastIndex);
console.log(c.m.get(1), [...c.st], c.a, 1 in c.a, c.u8, c.big, c.nested.deep[1].z);
const e = structuredClone(new RangeError("bad", { cause: "why" }));
console.log(e instanceof RangeError, e.name, e.message, e.cause);
for (const bad of [() => {}, Symbol("s"), new WeakMap(), { f() {} }]) {
  try { structuredClone(bad); console.log("cloned"); } catch (err) { console.log(err.name, err.message); }
}
const buf = new ArrayBuffer(8);
const moved = structuredClone(buf, { transfer: [buf] });
console.log(buf.byteLength, moved.byteLength);
class K { constructor() { this.v = 1; } }
const k = structuredClone(new K());
console.log(k instanceof K, k.v, Object.getPrototypeOf(k) === Object.prototype);
try { structuredClone(); } catch (err) { console.log(err.name, err.message); }
console.log(structuredClone(null), structuredClone(undefined), structuredClone("s"), structuredClone(new String("boxed")));
