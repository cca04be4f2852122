// none of these is an early error
import { a, b as c } from "./x.js";
import * as ns from "./x.js";
{ let a = 1; }
function f(c) { var ns; return c; }
if (f) { var v = 1; }
for (var i of []) ;
const { p, q: [r] = [] } = {};
class K {}
export { a, c, ns, v, i, p, r, K, f as default };
export { a as aa } from "./x.js";
export * from "./y.js";
export * as z from "./y.js";
