export * from "./a.mjs";
export * as bns from "./b.mjs";
export { default as ADefault } from "./a.mjs";
