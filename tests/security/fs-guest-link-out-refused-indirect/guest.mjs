// Links to outside that slip past the lexical check on the link's text,
// left in the work dir at the end of the run: every one of them makes the
// next run with this work dir a configuration error (exit 2) - what
// refusing links to outside was for. Following them stays confined.
//  - ".." after a link inside: "r/../outside" (r -> the read-only dir) and
//    "here/../outside" (here -> ".") read as work/outside, lead to outside;
//  - through an outside directory and back: "$W/../outside/../work/f";
//  - a relative link made deep, then moved (or its directory moved, or
//    hard-linked) to a shallower place, where its ".." climb out.
import fs from "node:fs";
const t = (label, f) => { try { f(); console.log(`[${label}] made`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
fs.mkdirSync("a/b/c", { recursive: true }); fs.mkdirSync("d/e", { recursive: true }); fs.writeFileSync("f", "inside");
t("ro", () => fs.symlinkSync("$R", "r"));
t("via-ro", () => fs.symlinkSync("r/../outside", "via-ro"));
t("here", () => fs.symlinkSync(".", "here"));
t("via-here", () => fs.symlinkSync("here/../outside/secret.txt", "via-here"));
t("out-and-back", () => fs.symlinkSync("$W/../outside/../work/f", "out-and-back"));
t("deep-rel", () => fs.symlinkSync("../outside", "a/b/l"));           // a/outside: inside
t("rename-up", () => fs.renameSync("a/b/l", "moved"));                // now ../outside from the work dir
t("deep-rel2", () => fs.symlinkSync("../../../outside", "a/b/c/l"));  // work/outside: inside
t("rename-dir-up", () => fs.renameSync("a/b/c", "c"));                // now c/../../../outside
t("deep-rel3", () => fs.symlinkSync("../../secret.txt", "d/e/l"));   // work/secret.txt: inside
t("hard-link-up", () => fs.linkSync("d/e/l", "hard"));               // now ../../secret.txt from the work dir
for (const n of ["via-ro", "via-here", "out-and-back", "moved", "c/l", "hard"]) {
  let r; try { r = fs.readFileSync(n, "utf8"); } catch (e) { r = e.code; }
  console.log(`[read ${n}] ${r}`);
}
