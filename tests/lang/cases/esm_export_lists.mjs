const a = 1, b = 2;
function c() {}
export { a, b as bee, c as "string name", a as default };
export {};
import { imp } from "./m.js";
export { imp, imp as imp2 };
