// Links made at run time, then imported or required through: file links,
// dir links, links to /, chains, and an inside module that imports through
// a link of its own. The links that lead outside are made by the host
// (hostLink): the guest may not make them.
import fs from "node:fs";
import { hostLink } from "./hostlink.mjs";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
hostLink("$O/evil.mjs", "l.mjs"); hostLink("$O/evil.cjs", "l.cjs"); hostLink("../outside", "od");
hostLink("/", "root"); hostLink("l.mjs", "chain.mjs"); hostLink("$R/..", "ro-up");
fs.mkdirSync("lib"); hostLink("../od", "lib/up");
fs.writeFileSync("lib/inner.mjs", 'export { default } from "./up/evil.mjs";\n');
const specs = { "file-link": "./l.mjs", "cjs-link": "./l.cjs", "dir-link": "./od/evil.mjs", "root-link": "./root$O/evil.mjs",
  "chain": "./chain.mjs", "ro-up": "./ro-up/outside/evil.mjs", "inner": "./lib/inner.mjs", "dir-link-noext": "./od/evil" };
for (const [label, s] of Object.entries(specs)) {
  await import(s).then(() => console.log(`[${label}] IMPORTED`), (e) => console.log(`[${label}] ${e.code}`));
  if (label !== "inner") { try { require(s); console.log(`[${label} require] REQUIRED`); } catch (e) { console.log(`[${label} require] ${e.code}`); } }
}
