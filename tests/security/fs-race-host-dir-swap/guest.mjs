// Every call under d/ while d flips between a directory and a link to the
// outside dir: each sees the real directory or nothing, never outside.
// d/only-outside.txt exists only in the outside dir, and no call below
// creates it, so any success on it would be a hole.
import fs from "node:fs";
fs.writeFileSync("go", "");
const seen = {};
const V = "d/only-outside.txt";
const ops = {
  read: () => fs.readFileSync("d/secret.txt", "utf8").trim(), write: () => fs.writeFileSync("d/pwned", "x"),
  mkdir: () => fs.mkdirSync("d/newdir"), rmdir: () => fs.rmdirSync("d/newdir"), rm: () => fs.rmSync("d/pwned", { force: true }),
  "v-read": () => fs.readFileSync(V, "utf8"), "v-overwrite": () => fs.writeFileSync(V, "overwritten", { flag: "r+" }),
  "v-truncate": () => fs.truncateSync(V, 0), "v-open": () => fs.closeSync(fs.openSync(V, "r")),
  "v-stat": () => fs.statSync(V).size, "v-chmod": () => fs.chmodSync(V, 0o600), "v-utimes": () => fs.utimesSync(V, 1, 1),
  "v-unlink": () => fs.unlinkSync(V), "v-rename": () => fs.renameSync(V, "stolen.txt"), "v-link": () => fs.linkSync(V, "hard.txt"),
  "v-copy": () => fs.copyFileSync(V, "copied.txt"), "v-readdir": () => { if (!fs.readdirSync("d").includes("only-outside.txt")) throw { code: "absent" }; },
  "v-exists": () => { if (!fs.existsSync(V)) throw { code: "absent" }; }, "v-realpath": () => fs.realpathSync(V),
};
const start = Date.now();
const done = () => seen["read:inside"] && seen["read:ENOENT"] && Date.now() - start > 1500;
while (!done() && Date.now() - start < 8000) {
  for (const [k, f] of Object.entries(ops)) {
    let r; try { const v = f(); r = k.startsWith("v-") ? `${k}:REACHED ${v}` : `${k}:${v ?? "ok"}`; } catch (e) { r = `${k}:${e.code}`; }
    seen[r] = (seen[r] || 0) + 1;
  }
}
fs.writeFileSync("stop", "");
console.log(done() ? "raced" : "did not race");
console.log(Object.keys(seen).sort().join("\n"));
