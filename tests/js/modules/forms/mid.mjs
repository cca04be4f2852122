export * from "./leaf.mjs";
export * as leafNs from "./leaf.mjs";
import { inc, count } from "./leaf.mjs";
export const before = count;
inc();
export const after = count;
