export const a: number = 1;
export function f<T>(x: T): T { return x; }
export class K<T> implements I { constructor(public v: T) {} }
export enum E { A }
export namespace N { export const n = 1; }
export abstract class Abs {}
export type { T } from "./t.js";
export { a as aa };
export * from "./star.js";
import { imp } from "./imp.js";
export { imp };
export default f;
