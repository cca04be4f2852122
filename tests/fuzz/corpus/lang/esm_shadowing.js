
import { x } from "m";
function f(x) { return x; }
{ let x = 2; x++; }
const o = { x };
const p = { x: x };
class X { x = x; [x]() {} }
export { x };
