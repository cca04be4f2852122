// Paths through a/b while a/b flips to links that climb out: "a/b/c/.."
// style paths and absolute tails never reach the outside dir.
import fs from "node:fs";
fs.writeFileSync("go", "");
const seen = {};
const o = "$O";
const ops = {
  read: () => fs.readFileSync("a/b/c/secret.txt", "utf8").trim(),
  "up-read": () => fs.readFileSync("a/b/c/../../../../outside/secret.txt", "utf8"),
  "tail-read": () => fs.readFileSync("a/b" + o + "/secret.txt", "utf8"),
  "rel-read": () => fs.readFileSync("a/b/outside/secret.txt", "utf8"),
  "up-write": () => fs.writeFileSync("a/b/c/../../../../outside/pwned", "x"),
  "tail-write": () => fs.writeFileSync("a/b" + o + "/pwned", "x"),
  "rel-write": () => fs.writeFileSync("a/b/outside/pwned", "x"),
  "rel-mkdir": () => fs.mkdirSync("a/b/outside/pwned-dir"),
  "tail-readdir": () => fs.readdirSync("a/b" + o).join(","),
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
