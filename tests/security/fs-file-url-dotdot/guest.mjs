// file: URLs that climb with "..", "%2e%2e" and friends, as URL objects
// (the URL parser folds the dots) and as strings (which fs treats as
// relative paths). Reads are ENOENT, creates EACCES.
import fs from "node:fs";
const urls = {
  "root-dotdot": "file:///..$O/secret.txt", "work-dotdot": "file://$W/../outside/secret.txt",
  "enc-dotdot": "file://$W/%2e%2e/outside/secret.txt", "enc-DOTDOT": "file://$W/%2E%2E/outside/secret.txt",
  "half-enc-1": "file://$W/.%2e/outside/secret.txt", "half-enc-2": "file://$W/%2e./outside/secret.txt",
  "enc-dot": "file://$W/%2e/../outside/secret.txt", "no-slashes": "file:$O/secret.txt", "one-slash": "file:/$O/secret.txt" /* host "tmp": refused */,
  "upper-scheme": "FILE://$O/secret.txt", "many-dotdot": "file:///../../../../..$O/secret.txt",
  "ro-dotdot": "file://$R/../outside/secret.txt", "enc-letters": "file://$O/%73ecret.txt",
  "work-dotdot-deep": "file://$W/a/b/../../../outside/secret.txt",
};
for (const [label, u] of Object.entries(urls)) {
  try { fs.readFileSync(new URL(u)); console.log(`[${label}] READ`); } catch (e) { console.log(`[${label}] ${e.code}`); }
  try { fs.readFileSync(u); console.log(`[${label} string] READ`); } catch (e) { console.log(`[${label} string] ${e.code}`); }
}
for (const [label, u] of Object.entries({ "w-root-dotdot": "file:///..$O/pwned", "w-enc-dotdot": "file://$W/%2e%2e/outside/pwned", "w-half-enc": "file://$W/.%2E/outside/pwned" })) {
  try { fs.writeFileSync(new URL(u), "x"); console.log(`[${label}] WROTE`); } catch (e) { console.log(`[${label}] ${e.code}`); }
}
