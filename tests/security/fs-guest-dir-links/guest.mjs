// Links to directories outside (the outside dir, /, the work dir's parent)
// made at run time (by the host: the guest may not make them): nothing can be listed, copied, opened or made through
// them, and recursive listings and copies of the work dir do not follow.
// (cp copies a link as a link, as Node: a copy of one of these would be a
// new link to outside, which the guest may not make: EACCES.)
import fs from "node:fs";
import fsp from "node:fs/promises";
import { hostLink } from "./hostlink.mjs";
const links = { "out": "$O", "out-rel": "../outside", "root": "/", "parent": "..", "grand": "../..", "tmp": "/tmp" };
for (const [n, t] of Object.entries(links)) hostLink(t, n);
fs.mkdirSync("tree/sub", { recursive: true });
hostLink("$O", "tree/sub/out"); hostLink("/", "tree/sub/root");
const t = (label, f) => { try { const r = f(); console.log(`[${label}] ALLOWED ${JSON.stringify(r) ?? ""}`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
for (const n of Object.keys(links)) {
  t(`${n} readdir`, () => fs.readdirSync(n));
  t(`${n} readdir-slash`, () => fs.readdirSync(n + "/"));
  t(`${n} opendir`, () => fs.opendirSync(n + "/."));
  t(`${n} stat`, () => fs.statSync(n).isDirectory());
  t(`${n} cp`, () => fs.cpSync(n, "copy-" + n, { recursive: true }));
  t(`${n} mkdir-in`, () => fs.mkdirSync(n + "/pwned-dir"));
  t(`${n} write-in`, () => fs.writeFileSync(n + "/pwned.txt", "x"));
  t(`${n} mkdtemp-in`, () => fs.mkdtempSync(n + "/t-"));
}
const all = fs.readdirSync(".", { recursive: true });
console.log("recursive listing leaks:", all.filter((p) => /secret|passwd|outside\/|etc\//.test(p)).length);
const typed = fs.readdirSync("tree", { recursive: true, withFileTypes: true }).map((d) => `${d.name}:${d.isSymbolicLink() ? "link" : d.isDirectory() ? "dir" : "file"}`).sort();
console.log("tree:", typed.join(" "));
// copying the tree may keep the links as links or stop at them; it must not
// copy what they point to
try { fs.cpSync("tree", "tree-copy", { recursive: true }); } catch {}
const copied = fs.existsSync("tree-copy") ? fs.readdirSync("tree-copy", { recursive: true }) : [];
console.log("tree-copy leaks:", copied.filter((p) => /secret|etc/.test(p)).length);
await fsp.readdir("out").then(() => console.log("[promises readdir] ALLOWED"), (e) => console.log(`[promises readdir] ${e.code}`));
await fsp.opendir("root").then(() => console.log("[promises opendir] ALLOWED"), (e) => console.log(`[promises opendir] ${e.code}`));
