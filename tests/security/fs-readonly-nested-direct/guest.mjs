// A read-only dir inside the work dir, reached by every path spelling and
// link: EROFS for writes; removing it or its contents is refused. (Hard
// links out of it: fs-hardlink-from-nested-readonly.)
import fs from "node:fs";
fs.symlinkSync("a/b", "lb"); fs.symlinkSync("$W/a", "la"); fs.mkdirSync("a/x");
const t = (label, f) => { try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
for (const p of ["a/b/data.txt", "lb/data.txt", "la/b/data.txt", "a/x/../b/data.txt", "a/b/deeper/../data.txt", "$W/a/./b//data.txt"]) {
  t(`write ${p}`, () => fs.writeFileSync(p, "pwned"));
  t(`unlink ${p}`, () => fs.unlinkSync(p));
}
t("mkdir-in", () => fs.mkdirSync("a/b/new"));
t("rm-parent", () => fs.rmSync("a", { recursive: true }));
t("rmdir-mount", () => fs.rmdirSync("a/b"));
t("rename-mount", () => fs.renameSync("a/b", "moved"));
t("rename-over-mount", () => fs.renameSync("a/x", "a/b"));
console.log("content:", fs.readFileSync("a/b/data.txt", "utf8").trim());
