export const a = 1, b = 2;
export let c = 3;
export var d;
export function f() { c++; }
export function* gen() {}
export async function af() {}
export async function* agf() {}
export class K {}
export const { e, f: ff } = { e: 1, f: 2 }, [g, ...h] = [3, 4];
c = 10;
