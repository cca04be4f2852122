// differential
// A call of an imported function has no `this` (a real module binding),
// however the callee is written; a method call on the namespace keeps it.
import d, { f, tag, o } from "./modules/call_this.mjs";
import * as ns from "./modules/call_this.mjs";
console.log(f() === undefined, tag`x` === undefined, d() === undefined, f?.() === undefined);
console.log((f)() === undefined, ((f))() === undefined, (f)`x` === undefined, [1, 2].map(() => f() === undefined).join());
console.log(ns.f() === ns, ns.tag`x` === ns, o.m() === o, f.call(1) === 1, (0, ns.f)() === undefined);
