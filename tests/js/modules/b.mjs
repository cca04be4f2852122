import { fromA } from "./a.mjs";
export const b = "b";
// a cycle: a.mjs is evaluated after this module, so fromA is read later
export function fromB() { return "b sees " + fromA; }
