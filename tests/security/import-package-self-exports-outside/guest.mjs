// A package importing itself by name ("self/..."), with "exports" that
// climb out: refused as a module resolution error, like any other package.
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const denied = new Set(["ERR_MODULE_NOT_FOUND", "MODULE_NOT_FOUND", "ERR_INVALID_PACKAGE_TARGET", "ERR_PACKAGE_PATH_NOT_EXPORTED", "ERR_INVALID_MODULE_SPECIFIER"]);
for (const s of ["self", "self/up", "self/abs", "self/url", "self/../outside/evil.mjs"]) {
  await import(s).then(() => console.log(`[import ${s}] LOADED`), (e) => console.log(`[import ${s}] ${denied.has(e.code) ? "denied" : "other " + e.code}`));
  try { require(s); console.log(`[require ${s}] LOADED`); } catch (e) { console.log(`[require ${s}] ${denied.has(e.code) ? "denied" : "other " + e.code}`); }
}
