// Writes under d/ while d flips between a work directory and a link to the
// read-only dir: they land in the work copy or fail with EROFS/ENOENT.
// (Hard links out of the read-only dir: fs-hardlink-from-readonly.)
import fs from "node:fs";
fs.writeFileSync("go", "");
const seen = {};
const ops = {
  read: () => fs.readFileSync("d/data.txt", "utf8").trim(),
  write: () => fs.writeFileSync("d/data.txt", "work copy\n"), append: () => fs.appendFileSync("d/data.txt", ""),
  "write-new": () => fs.writeFileSync("d/new.txt", "x"), "rm-new": () => fs.rmSync("d/new.txt", { force: true }),
  truncate: () => fs.truncateSync("d/data.txt", 10), chmod: () => fs.chmodSync("d/data.txt", 0o644),
  "open-r+": () => fs.closeSync(fs.openSync("d/data.txt", "r+")), mkdir: () => fs.mkdirSync("d/sub"), rmdir: () => fs.rmdirSync("d/sub"),
};
const start = Date.now();
const done = () => seen["read:work copy"] && seen["read:read-only data"] && Date.now() - start > 1500;
while (!done() && Date.now() - start < 8000) {
  for (const [k, f] of Object.entries(ops)) {
    let r; try { r = `${k}:${f() ?? "ok"}`; } catch (e) { r = `${k}:${e.code}`; }
    seen[r] = (seen[r] || 0) + 1;
  }
}
fs.writeFileSync("stop", "");
console.log(done() ? "raced" : "did not race");
console.log(Object.keys(seen).sort().join("\n"));
