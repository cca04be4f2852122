// The read-only dir reached by every spelling still refuses writes.
// ("data.txt/" names a directory: truncate and open r+ say ENOTDIR, as
// Linux does on a read-only mount; nothing is written either way.)
import fs from "node:fs";
fs.mkdirSync("sub", { recursive: true });
const targets = {
  "plain": "$R/data.txt", "double-slash": "$R//data.txt", "dot": "$R/./data.txt", "trailing-slash": "$R/data.txt/",
  "rel-up": "../ro/data.txt", "rel-mid": "sub/../../ro/data.txt", "abs-up": "$W/../ro/data.txt",
  "bounce": "$R/../ro/./data.txt", "via-work": "$R/../work/../ro/data.txt", "slashes": "//" + "$R".slice(1) + "///data.txt",
};
for (const [label, p] of Object.entries(targets)) {
  for (const [op, f] of [["write", () => fs.writeFileSync(p, "pwned")], ["append", () => fs.appendFileSync(p, "pwned")], ["truncate", () => fs.truncateSync(p, 0)], ["open-r+", () => fs.openSync(p, "r+")]]) {
    try { f(); console.log(`[${label} ${op}] ALLOWED`); } catch (e) { console.log(`[${label} ${op}] ${e.code}`); }
  }
}
for (const [label, f] of Object.entries({
  "root-write": () => fs.writeFileSync("$R/", "x"), "root-dot-new": () => fs.writeFileSync("$R/./new.txt", "x"),
  "rel-new": () => fs.writeFileSync("../ro/new.txt", "x"), "rel-mkdir": () => fs.mkdirSync("../ro/newdir"),
  "rel-unlink": () => fs.unlinkSync("sub/../../ro/data.txt"), "rel-rename": () => fs.renameSync("../ro/data.txt", "../ro/x"),
})) {
  try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
}
console.log("data:", fs.readFileSync("../ro/data.txt", "utf8").trim());
