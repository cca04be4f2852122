// "#imports" of the work dir's package.json that point outside.
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const denied = new Set(["ERR_MODULE_NOT_FOUND", "MODULE_NOT_FOUND", "ERR_INVALID_PACKAGE_TARGET", "ERR_INVALID_MODULE_SPECIFIER"]);
for (const s of ["#rel", "#dotrel", "#abs", "#url", "#mid", "#star/evil.mjs", "#cond", "#enc", "#etc"]) {
  await import(s).then(() => console.log(`[import ${s}] LOADED`), (e) => console.log(`[import ${s}] ${denied.has(e.code) ? "denied" : "other " + e.code}`));
  try { require(s); console.log(`[require ${s}] LOADED`); } catch (e) { console.log(`[require ${s}] ${denied.has(e.code) ? "denied" : "other " + e.code}`); }
}
