// require() and require.resolve() from a CommonJS entry, with ".." in every
// position, absolute paths, file: URLs and computed strings.
const fs = require("node:fs");
fs.mkdirSync("sub/deeper", { recursive: true });
const specs = {
  "up": "../outside/evil.cjs", "up-noext": "../outside/evil", "mid": "./x/../../outside/evil.cjs", "existing-mid": "./sub/deeper/../../../outside/evil.cjs",
  "slashes": ".//..//outside//evil.cjs", "abs": "$O/evil.cjs", "abs-up": "$W/../outside/evil.cjs", "root-up": "/..$O/evil.cjs",
  "dir": "../outside", "dotdot": "..", "dotdot-slash": "../", "json": "../outside/evil.json", "mjs": "../outside/evil.mjs", "js": "$O/evil.js",
  "url": "file://$O/evil.cjs", "computed": ["..", "outside", "evil.cjs"].join("/"), "via-ro": "$R/../outside/evil.cjs",
  "parent-secret": "../secret.txt", "etc": "/etc/passwd",
};
for (const [label, s] of Object.entries(specs)) {
  try { require(s); console.log(`[${label}] REQUIRED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
  try { console.log(`[${label} resolve] RESOLVED ${require.resolve(s)}`); } catch (e) { console.log(`[${label} resolve] ${e.code}`); }
}
import("../outside/evil.cjs").then(() => console.log("[cjs-import] IMPORTED"), (e) => console.log(`[cjs-import] ${e.code}`));
