import { hello, late } from "./cyc_a.mjs";
export const fromB = hello();
let tdz;
try { tdz = late; } catch (e) { tdz = e.name; }
export const b_tdz = tdz;
export function useA() { return late; }
