// createRequire rooted outside (a path, a file: URL, a URL object, /, the
// work dir's parent): relative, bare and absolute requires all fail.
import { createRequire } from "node:module";
import module from "node:module";
const roots = { "abs": "$O/x.js", "abs-dir": "$O/", "url": "file://$O/x.js", "url-obj": new URL("file://$O/x.js"), "root": "/",
  "parent": "$W/../x.js", "etc": new URL("file:///etc/"), "dotdot-in-path": "$W/sub/../../outside/x.js" };
for (const [label, root] of Object.entries(roots)) {
  let req;
  try { req = createRequire(root); } catch (e) { console.log(`[${label}] REFUSED-ROOT ${e.code}`); continue; }
  for (const [what, s] of Object.entries({ "rel": "./evil.cjs", "bare": "evilpkg", "up": "../outside/evil.cjs", "passwd": "./passwd" })) {
    try { req(s); console.log(`[${label} ${what}] REQUIRED`); } catch (e) { console.log(`[${label} ${what}] ${e.code}`); }
    try { console.log(`[${label} ${what} resolve] RESOLVED ${req.resolve(s)}`); } catch (e) { console.log(`[${label} ${what} resolve] ${e.code}`); }
  }
}
try { module.createRequire("$O/x.js")("./evil.cjs"); console.log("[module.createRequire] REQUIRED"); } catch (e) { console.log(`[module.createRequire] ${e.code}`); }
