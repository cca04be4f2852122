export function f() { return this; }
export function tag() { return this; }
export const o = { m() { return this; } };
export default function d() { return this; }
