// node_modules/<name> (or all of node_modules) is linked at run time to a
// package outside (by the host, hostLink: the guest may not make such
// links), then the guest imports it by name.
import fs from "node:fs";
import { hostLink } from "./hostlink.mjs";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
fs.mkdirSync("node_modules");
hostLink("$O/pkgdir", "node_modules/evil");
hostLink("../../outside/pkgdir", "node_modules/evil-rel");
fs.mkdirSync("sub"); hostLink("$O", "sub/node_modules");
for (const s of ["evil", "evil-rel", "evil/index.js", "evil/package.json"]) {
  await import(s).then(() => console.log(`[import ${s}] LOADED`), (e) => console.log(`[import ${s}] ${e.code}`));
  try { require(s); console.log(`[require ${s}] LOADED`); } catch (e) { console.log(`[require ${s}] ${e.code}`); }
}
fs.writeFileSync("sub/m.cjs", 'module.exports = () => require("pkgdir");');
try { require("./sub/m.cjs")(); console.log("[via sub/node_modules] LOADED"); } catch (e) { console.log(`[via sub/node_modules] ${e.code}`); }
