export const a: number = 1;
export let counter = 0;
export function inc(): number { return ++counter; }
export class K { static s = "k"; }
export enum E { X = 2 }
export namespace N { export const n = 3; }
export default function named() { return "def"; }
const local = 5;
export { local as renamed, local as "string name" };
inc(); inc();
console.log(a, counter, K.s, E.X, N.n, named(), local);
