	export * from "./a.js";
export * as ns from "./b.js";
export { x, y as z, default } from "./c.js";
export { default as dd } from "d";
