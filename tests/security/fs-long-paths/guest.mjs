// Very long paths: thousands of "..", megabyte names, a tree deeper than
// PATH_MAX, ".." and links climbing out of it, links made shallow and then
// moved deep (and back). Nothing reaches outside; a path too long for the
// walk is ENAMETOOLONG. (Links to outside are made by the host, hostLink:
// the guest may not make them.)
import fs from "node:fs";
import { hostLink } from "./hostlink.mjs";
const t = (label, f, ok) => { try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${ok.includes(e.code) ? "denied" : "other " + e.code}`); } };
const R = ["ENOENT", "ENAMETOOLONG"], W = ["EACCES", "ENAMETOOLONG"];
t("many-dotdot", () => fs.readFileSync("../".repeat(20000) + "$O/secret.txt"), R);
t("many-slashes", () => fs.readFileSync("/".repeat(20000) + "$O/secret.txt".slice(1)), R);
t("many-dot-segs", () => fs.readFileSync("./".repeat(20000) + "../outside/secret.txt"), R);
t("many-dotdot-write", () => fs.writeFileSync("../".repeat(20000) + "$O/pwned", "x"), W);
t("huge-name", () => fs.readFileSync("x".repeat(1 << 20)), ["ENAMETOOLONG"]);
t("huge-name-write", () => fs.writeFileSync("x".repeat(1 << 20), "x"), ["ENAMETOOLONG"]);
t("name-256", () => fs.writeFileSync("n".repeat(256), "x"), ["ENAMETOOLONG"]);
t("huge-path", () => fs.readFileSync("a/".repeat(1 << 19) + "../".repeat(1 << 19) + "../outside/secret.txt"), R);
const seg = "d".repeat(250);
const deep = "deep/" + Array(24).fill(seg).join("/");
const ups = "/..".repeat(25);
t("deep-up-outside", () => fs.readFileSync(deep + ups + "/../outside/secret.txt"), R);
t("deep-up-more", () => fs.readFileSync(deep + ups + "/../../../../../../../..$O/secret.txt"), R);
t("deep-up-write", () => fs.writeFileSync(deep + ups + "/../outside/pwned", "x"), W);
t("deep-up-mkdir", () => fs.mkdirSync(deep + ups + "/../outside/pwned-dir"), W);
t("deep-link", () => fs.symlinkSync("$O", deep + "/esc"), W);
// a link made shallow, its directory then moved below PATH_MAX depth and back
fs.mkdirSync("m"); fs.symlinkSync("../outside", "m/up"); hostLink("$O", "m/abs");
const half = "deep/" + Array(12).fill(seg).join("/");
fs.renameSync("m", half + "/m");
const hidden = Array(12).fill(seg).join("/");
t("deep-moved-read", () => fs.readFileSync(half + "/m/up/secret.txt"), R);
t("deep-moved-abs-write", () => fs.writeFileSync(half + "/m/abs/pwned", "x"), W);
fs.renameSync("deep/" + hidden, "shallow");
t("back-up-read", () => fs.readFileSync("shallow/m/up/secret.txt"), R);
t("back-up-abs-read", () => fs.readFileSync("shallow/m/abs/secret.txt"), R);
t("back-up-write", () => fs.writeFileSync("shallow/m/abs/pwned", "x"), W);
console.log("bottom file:", fs.readFileSync("shallow/" + Array(12).fill(seg).join("/") + "/f.txt", "utf8").trim());
t("long-link-read", () => { hostLink("../".repeat(1300) + "$O/secret.txt", "longlink"); fs.readFileSync("longlink"); }, R);
t("too-long-link-text", () => fs.symlinkSync("a/".repeat(3000), "toolong"), ["ENAMETOOLONG"]);
fs.rmSync("shallow", { recursive: true });
fs.rmSync("deep", { recursive: true });
console.log("cleaned:", !fs.existsSync("deep"));
