import { a, b, c, d, e, f } from "./m.js";
function g(x = a, { y = b } = {}) { var c; return x + y + c; }
function h() { if (true) { var d = 1; } return d; }
const k = function e() { return e; };
class f2 extends a { [b]() { return c; } static { d; } }
const arrow = async (a) => a + b;
const obj = { a: a, [b]: b, c, d: { e } };
const { x = a, ...rest } = obj;
switch (a) { case b: { let c = 1; c; } }
for (let i = a; i < b; i++) { const f = i; }
(function a() { a; })();
label: { a; break label; }
a: { break a; }
new a.b.c();
a`tag`;
typeof a === "undefined";
void b, delete c.x;
x ? a : b;
a ?? b;
[...a];
({ ...b });
e => e + f;
(e, f) => e + f;
async function* gen() { yield a; yield* b; await c; }
