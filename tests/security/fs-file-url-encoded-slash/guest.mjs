// An encoded "/" in a file: URL is refused as in Node
// (ERR_INVALID_FILE_URL_PATH), not decoded into a separator that turns
// one odd segment into a path climbing with "..".
import fs from "node:fs";
const urls = {
  "dotdot-2F": "file://$W/..%2F..%2Foutside%2Fsecret.txt", "dotdot-2f": "file://$W/..%2f..%2foutside/secret.txt",
  "ro-2F": "file://$R%2Fdata.txt", "ro-dotdot-2F": "file://$W/..%2Fro%2Fdata.txt", "mixed": "file://$W/x%2F..%2F..%2F..$O/secret.txt",
};
for (const [label, u] of Object.entries(urls)) {
  try { const r = fs.readFileSync(new URL(u), "utf8"); console.log(`[${label}] READ ${r.trim()}`); } catch (e) { console.log(`[${label}] ${e.code}`); }
}
try { fs.writeFileSync(new URL("file://$W/..%2F..%2Fro%2Fdata.txt"), "x"); console.log("[write-2F] WROTE"); } catch (e) { console.log(`[write-2F] ${e.code}`); }
