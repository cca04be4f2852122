import { q } from "./q.js";
export const v = `a
b${q}`;
console.log(q);
