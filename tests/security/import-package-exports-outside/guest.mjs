// A package whose "exports" targets climb out of it (relative, "./..",
// absolute, file: URL, conditions, arrays, patterns, the "./*" catch-all).
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const denied = new Set(["ERR_MODULE_NOT_FOUND", "MODULE_NOT_FOUND", "ERR_INVALID_PACKAGE_TARGET", "ERR_PACKAGE_PATH_NOT_EXPORTED", "ERR_INVALID_MODULE_SPECIFIER"]);
const subs = ["pkg", "pkg/dot", "pkg/abs", "pkg/url", "pkg/cond", "pkg/arr", "pkg/enc", "pkg/star/evil.mjs", "pkg/../../../outside/evil.mjs", "pkg/%2e%2e/%2e%2e/%2e%2e/outside/evil.mjs"];
for (const s of subs) {
  await import(s).then(() => console.log(`[import ${s}] LOADED`), (e) => console.log(`[import ${s}] ${denied.has(e.code) ? "denied" : "other " + e.code} (${e.code})`));
  try { require(s); console.log(`[require ${s}] LOADED`); } catch (e) { console.log(`[require ${s}] ${denied.has(e.code) ? "denied" : "other " + e.code} (${e.code})`); }
}
