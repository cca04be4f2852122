// Re-exports (export * / export { default } from) that reach outside, one
// module removed from the entry.
import * as ns from "./lib/barrel.mjs";
console.log("GUEST RAN", Object.keys(ns));
