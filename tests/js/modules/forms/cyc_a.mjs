// a cycle: b's body runs first and calls a's hoisted function
import { fromB, useA } from "./cyc_b.mjs";
export function hello() { return "hello from a"; }
export const late = "late";
export const seen = fromB;
export const used = useA();
