// import() of JSON from outside, with and without the attribute, and by
// links made at run time (by the host, hostLink: the guest may not make
// links to outside); require() of the same.
import { hostLink } from "./hostlink.mjs";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
hostLink("$O/evil.json", "l.json"); hostLink("$O", "out");
const specs = { "abs": "$O/evil.json", "dotdot": "../outside/evil.json", "url": "file://$O/evil.json", "link": "./l.json", "dirlink": "./out/evil.json",
  "mid": "./x/../../outside/evil.json", "ro-up": "$R/../outside/evil.json" };
for (const [label, s] of Object.entries(specs)) {
  await import(s, { with: { type: "json" } }).then(() => console.log(`[${label}] IMPORTED`), (e) => console.log(`[${label}] ${e.code}`));
  await import(s).then(() => console.log(`[${label} no-attr] IMPORTED`), (e) => console.log(`[${label} no-attr] ${e.code}`));
  try { require(s); console.log(`[${label} require] REQUIRED`); } catch (e) { console.log(`[${label} require] ${e.code}`); }
}
