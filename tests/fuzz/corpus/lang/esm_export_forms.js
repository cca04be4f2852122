	export const a = 1, b = 2;
export let c;
export var d = 3;
export function f() { return a; }
export async function g() {}
export function* h() { yield 1; }
export class K {}
export { a as aa, b as "str name" };
