// Dynamic import() with ".." in every position and spelling.
import fs from "node:fs";
fs.mkdirSync("sub/deeper", { recursive: true });
const specs = {
  "up": "../outside/evil.mjs", "up-dot": "./../outside/evil.mjs", "missing-mid": "./x/../../outside/evil.mjs",
  "existing-mid": "./sub/../../outside/evil.mjs", "deep-mid": "./sub/deeper/../../../outside/evil.mjs", "dot-mix": "./x/./../../outside/./evil.mjs",
  "slashes": ".//..//outside//evil.mjs", "abs-up": "$W/../outside/evil.mjs", "abs-root-up": "/..$O/evil.mjs", "many-up": "../../../../../../..$O/evil.mjs",
  "via-ro": "../ro/../outside/evil.mjs", "no-ext": "../outside/evil", "dir": "../outside", "dotdot": "..", "dotdot-slash": "../",
  "enc-dots": "./x/%2e%2e/%2e%2e/outside/evil.mjs", "parent-secret": "../../secret.txt", "ts-ext": "../outside/evil.ts",
  "cjs": "../outside/evil.cjs", "json-no-attr": "../outside/evil.json",
};
for (const [label, s] of Object.entries(specs)) {
  await import(s).then(() => console.log(`[${label}] IMPORTED`), (e) => console.log(`[${label}] ${e.code}`));
}
