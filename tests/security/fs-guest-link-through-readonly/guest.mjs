// Links made at run time into the read-only dir: reading works, every
// write through them is EROFS (hard links are in fs-hardlink-from-readonly).
import fs from "node:fs";
fs.symlinkSync("$R", "r"); fs.symlinkSync("r/../ro", "rr"); fs.symlinkSync("../ro/data.txt", "rf"); fs.symlinkSync("$R/.", "rdot");
const t = (label, f) => { try { const r = f(); console.log(`[${label}] ${r === undefined ? "ALLOWED" : String(r).trim()}`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
t("read", () => fs.readFileSync("r/data.txt", "utf8"));
t("read-rr", () => fs.readFileSync("rr/data.txt", "utf8"));
t("read-rf", () => fs.readFileSync("rf", "utf8"));
const ops = {
  "write": (p) => fs.writeFileSync(p, "pwned"), "append": (p) => fs.appendFileSync(p, "pwned"), "truncate": (p) => fs.truncateSync(p, 0),
  "open-r+": (p) => fs.openSync(p, "r+"), "chmod": (p) => fs.chmodSync(p, 0o777), "utimes": (p) => fs.utimesSync(p, 1, 1),
  "unlink": (p) => fs.unlinkSync(p), "rename": (p) => fs.renameSync(p, p + ".moved"), "copy-onto": (p) => fs.copyFileSync("guest.mjs", p),
  "rm": (p) => fs.rmSync(p),
};
for (const p of ["r/data.txt", "rr/data.txt", "rdot/data.txt"]) for (const [op, f] of Object.entries(ops)) t(`${op} ${p}`, () => f(p));
for (const [op, f] of Object.entries(ops)) if (!["unlink", "rename", "rm"].includes(op)) t(`${op} rf`, () => f("rf"));
t("create", () => fs.writeFileSync("r/new.txt", "x"));
t("mkdir", () => fs.mkdirSync("rr/newdir"));
t("symlink-in", () => fs.symlinkSync("x", "r/l"));
t("rename-into", () => { fs.writeFileSync("mine.txt", "x"); fs.renameSync("mine.txt", "r/mine.txt"); });
t("mkdtemp", () => fs.mkdtempSync("r/t-"));
// rm -r of the link may remove the link or refuse with EROFS; never the files
for (const p of ["r/", "rdot", "rr/."]) {
  try { fs.rmSync(p, { recursive: true }); } catch (e) { console.log(`[rm-recursive ${p}] ${e.code}`); }
}
console.log("data still there:", fs.readFileSync("$R/data.txt", "utf8").trim());
