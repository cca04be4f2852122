// Links made at run time, then imported or required through: file links,
// dir links, links to /, chains, and an inside module that imports through
// a link of its own.
import fs from "node:fs";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
fs.symlinkSync("$O/evil.mjs", "l.mjs"); fs.symlinkSync("$O/evil.cjs", "l.cjs"); fs.symlinkSync("../outside", "od");
fs.symlinkSync("/", "root"); fs.symlinkSync("l.mjs", "chain.mjs"); fs.symlinkSync("$R/..", "ro-up");
fs.mkdirSync("lib"); fs.symlinkSync("../od", "lib/up");
fs.writeFileSync("lib/inner.mjs", 'export { default } from "./up/evil.mjs";\n');
const specs = { "file-link": "./l.mjs", "cjs-link": "./l.cjs", "dir-link": "./od/evil.mjs", "root-link": "./root$O/evil.mjs",
  "chain": "./chain.mjs", "ro-up": "./ro-up/outside/evil.mjs", "inner": "./lib/inner.mjs", "dir-link-noext": "./od/evil" };
for (const [label, s] of Object.entries(specs)) {
  await import(s).then(() => console.log(`[${label}] IMPORTED`), (e) => console.log(`[${label}] ${e.code}`));
  if (label !== "inner") { try { require(s); console.log(`[${label} require] REQUIRED`); } catch (e) { console.log(`[${label} require] ${e.code}`); } }
}
