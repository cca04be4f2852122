import { type F } from "./def.js";
import type { G } from "./g.js";
interface I {}
type T = 1;
export { F, G, I, T as U };
export const v = 1;
