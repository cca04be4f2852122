import { a, b, c } from "./m.js";
function f(a) { return a + b; }
const g = (b) => b + c;
{ let c = 1; console.log(a, b, c); }
class K { a = a; b() { return b; } static c = c; [a] = 1; }
const o = { a, b: b, c() { return c; } };
try { a; } catch (b) { b; }
for (const c of [a]) c;
function h() { var a = 1; return a; }
label: for (;;) break label;
const { a: a2 = a } = o;
a.b.c;
