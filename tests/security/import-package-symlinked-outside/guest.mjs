// The guest links node_modules/<name> (or all of node_modules) to a
// package outside, then imports it by name.
import fs from "node:fs";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
fs.mkdirSync("node_modules");
fs.symlinkSync("$O/pkgdir", "node_modules/evil");
fs.symlinkSync("../../outside/pkgdir", "node_modules/evil-rel");
fs.mkdirSync("sub"); fs.symlinkSync("$O", "sub/node_modules");
for (const s of ["evil", "evil-rel", "evil/index.js", "evil/package.json"]) {
  await import(s).then(() => console.log(`[import ${s}] LOADED`), (e) => console.log(`[import ${s}] ${e.code}`));
  try { require(s); console.log(`[require ${s}] LOADED`); } catch (e) { console.log(`[require ${s}] ${e.code}`); }
}
fs.writeFileSync("sub/m.cjs", 'module.exports = () => require("pkgdir");');
try { require("./sub/m.cjs")(); console.log("[via sub/node_modules] LOADED"); } catch (e) { console.log(`[via sub/node_modules] ${e.code}`); }
