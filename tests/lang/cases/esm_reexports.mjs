export * from "./a.js";
export * as ns from "./b.js";
export * as "string ns" from "./c.js";
export { x, y as why, default } from "./d.js";
export { default as dd, "string name" as sn, z as "other string" } from "./e.js";
export { x as x2 } from "./d.js";
