// node: the whole tree, recursively, regular files read: it ends, no host
// path shows, no endless device is read
import fs from "node:fs";
import path from "node:path";
let files = 0, bytes = 0, errs = 0;
const walk = (d, depth) => {
  let ents; try { ents = fs.readdirSync(d, { withFileTypes: true }); } catch { errs++; return; }
  for (const e of ents) {
    const p = path.join(d, e.name);
    if (e.isDirectory() && depth < 40) walk(p, depth + 1);
    else if (e.isFile()) { try { const b = fs.readFileSync(p); bytes += b.length; files++; if (b.includes("/tmp/acs-" + "sec") && !p.startsWith("/proc")) console.log("HOST-PATH in", p); } catch { errs++; } }
  }
};
walk("/", 0);
console.log("files", files > 100, "done");
console.log(fs.readdirSync("/", { recursive: true }).length > 100);
