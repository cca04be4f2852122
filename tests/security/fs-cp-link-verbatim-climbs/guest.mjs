// cp copies a link as a link. With verbatimSymlinks a relative link keeps
// its text, so copied to a shallower place it would point somewhere else:
// out of the work dir. That link is refused (EACCES), as any link to
// outside the guest makes; links that stay inside are copied.
import fs from "node:fs";
import fsp from "node:fs/promises";
fs.mkdirSync("a/b", { recursive: true });
fs.writeFileSync("a/f.txt", "inside");
fs.symlinkSync("../f.txt", "a/b/up");           // a/f.txt
fs.symlinkSync("../../guest.mjs", "a/b/top");   // guest.mjs
const t = async (label, f) => {
  try { await f(); console.log(`[${label}] COPIED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
};
await t("verbatim-up", () => fs.cpSync("a/b/up", "up", { verbatimSymlinks: true }));
await t("verbatim-up promises", () => fsp.cp("a/b/up", "up-p", { verbatimSymlinks: true }));
await t("verbatim-dir", () => fs.cpSync("a/b", "copy", { recursive: true, verbatimSymlinks: true }));
await t("verbatim-dir promises", () => fsp.cp("a/b", "copy-p", { recursive: true, verbatimSymlinks: true }));
await t("resolved-up", () => fs.cpSync("a/b/up", "up-abs"));
console.log("up-abs reads:", fs.readFileSync("up-abs", "utf8"));
await t("resolved-dir", () => fs.cpSync("a/b", "copy-abs", { recursive: true }));
console.log("copy-abs/top is guest:", fs.readFileSync("copy-abs/top", "utf8").includes("verbatimSymlinks"));
console.log("work dir:", fs.readdirSync(".").sort().join(","));
console.log("links:", ["up", "up-p", "copy/top", "copy-p/top"].filter((p) => fs.lstatSync(p, { throwIfNoEntry: false })).join(",") || "none");
