import { b, fromB } from "./b.mjs";
export let count = 0;
export function inc() { count++; return count; }
export default class A { name() { return "A"; } }
export const fromA = "a";
export { b as reexportedB };
export const seesB = () => fromB();
