// A link that stays inside, then a name it passes through is given another
// meaning: "a" -> "x/..", made while x -> "sub/inner" (so a means sub),
// then x pointed at the read-only dir (a would mean the read-only dir's
// parent: outside). Each way of re-pointing x - a new link, a link renamed
// over it, a hard link of a link - must be refused, or the next run with
// this work dir would be a configuration error (found by the VFS fuzzer).
// Following stays confined either way.
import fs from "node:fs";
const t = (label, f) => { try { f(); console.log(`[${label}] made`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
fs.mkdirSync("sub/inner", { recursive: true });
t("x", () => fs.symlinkSync("sub/inner", "x"));
t("a", () => fs.symlinkSync("x/..", "a"));
t("unlink x", () => fs.unlinkSync("x"));
t("symlink x", () => fs.symlinkSync("$R", "x"));
t("y", () => fs.symlinkSync("$R", "y"));
t("rename y over x", () => fs.renameSync("y", "x"));
t("hard link y as x", () => fs.linkSync("y", "x"));
t("x again", () => fs.symlinkSync("sub/inner", "x"));
let r; try { r = fs.readdirSync("a").join(","); } catch (e) { r = e.code; }
console.log(`[read a] ${r}`);
