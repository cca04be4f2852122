// Reads and in-place writes of f while f flips between a file and a link
// to the outside secret: the secret is never read nor changed.
import fs from "node:fs";
fs.writeFileSync("go", "");
const seen = {};
const ops = {
  read: () => fs.readFileSync("f", "utf8").trim(),
  "open-read": () => { const fd = fs.openSync("f", "r"); try { const b = new Uint8Array(64); return new TextDecoder().decode(b.subarray(0, fs.readSync(fd, b))).trim(); } finally { fs.closeSync(fd); } },
  "write-r+": () => fs.writeFileSync("f", "inside\n", { flag: "r+" }),
  "open-r+": () => { const fd = fs.openSync("f", "r+"); try { fs.writeSync(fd, "inside\n", 0); } finally { fs.closeSync(fd); } },
  truncate: () => fs.truncateSync("f", 7), chmod: () => fs.chmodSync("f", 0o644), utimes: () => fs.utimesSync("f", 1000, 1000),
  copy: () => { fs.copyFileSync("f", "copy.txt"); return fs.readFileSync("copy.txt", "utf8").trim(); },
  stat: () => String(fs.statSync("f").size),
};
const start = Date.now();
const done = () => seen["read:inside"] && seen["read:ENOENT"] && Date.now() - start > 1500;
while (!done() && Date.now() - start < 8000) {
  for (const [k, f] of Object.entries(ops)) {
    let r; try { r = `${k}:${f() ?? "ok"}`; } catch (e) { r = `${k}:${e.code}`; }
    seen[r] = (seen[r] || 0) + 1;
  }
}
fs.writeFileSync("stop", "");
console.log(done() ? "raced" : "did not race");
console.log(Object.keys(seen).sort().join("\n"));
