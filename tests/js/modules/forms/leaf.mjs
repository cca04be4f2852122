// acyclic: runs as a plain function
export let count = 0;
export function inc() { return ++count; }
export const hoisted = typeof later;
function later() {}
export default class Leaf { name() { return "leaf"; } }
export { count as "string name" };
