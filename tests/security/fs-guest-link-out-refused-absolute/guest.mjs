// The guest may not make a symbolic link whose absolute target lies outside
// the mounts (EACCES, in the sync, promise and callback forms, and nothing
// is created): the outside dir, /, /etc, /tmp, /proc/self/root (even
// followed by the work dir's own path), /dev/fd, the parents of the mounts,
// and siblings whose names only start like a mount's. Targets in the work
// dir or the read-only dir are allowed, also when spelled with "..", "."
// or "//", or when they go out and come back in; the link keeps its text.
import fs from "node:fs";
import fsp from "node:fs/promises";
fs.writeFileSync("f", "inside");
const refused = {
  "out-dir": "$O", "out-file": "$O/secret.txt", "out-missing": "$O/nosuch", "out-trailing": "$O/", "work-parent": "$W/..",
  "work-parent-secret": "$W/../secret.txt", "work-up-out": "$W/../outside", "work-up-up": "$W/../../../../../../..",
  "out-and-back-out": "$W/../outside/../outside", "root": "/", "root-dots": "/./../..", "etc": "/etc/passwd", "tmp": "/tmp",
  "proc-root": "/proc/self/root", "proc-root-work": "/proc/self/root$W/f", "proc-cwd": "/proc/self/cwd", "proc-1": "/proc/1/root",
  "dev-fd": "/dev/fd/3", "ro-parent": "$R/..", "ro-up-out": "$R/../outside/secret.txt", "ro-up-secret": "$R/../secret.txt",
  "work-sibling": "$W2/f", "work-sibling-dash": "$W-x", "ro-sibling": "$R-x/data.txt", "work-no-slash": "$Wx",
};
const allowed = {
  "work": "$W", "work-file": "$W/f", "work-missing": "$W/nosuch/deeper", "work-dots": "$W/./a/../f", "work-slashes": "/$W//f",
  "out-and-back": "$W/../work/f", "ro": "$R", "ro-file": "$R/data.txt",
  "ro-missing": "$R/nosuch", "ro-back": "$R/../ro/data.txt", "ro-from-work": "$W/../ro",
};
const tryAll = async (label, target) => {
  const r = [];
  try { fs.symlinkSync(target, label); r.push("made"); } catch (e) { r.push(e.code); }
  r.push(await fsp.symlink(target, label + "-p").then(() => "made", (e) => e.code));
  r.push(await new Promise((res) => fs.symlink(target, label + "-cb", (e) => res(e ? e.code : "made"))));
  // what is there afterwards: nothing, or a link with the text as given
  for (const n of [label, label + "-p", label + "-cb"]) {
    let t; try { t = fs.readlinkSync(n); } catch (e) { if (e.code !== "ENOENT") r.push(`readlink:${e.code}`); continue; }
    r.push(t === target ? "text-kept" : `TEXT-CHANGED:${t}`);
  }
  console.log(`[${label}] ${r.join(" ")}`);
};
for (const [l, t] of Object.entries(refused)) await tryAll(l, t);
for (const [l, t] of Object.entries(allowed)) await tryAll(l, t);
console.log("read through work-file:", fs.readFileSync("work-file", "utf8"), fs.readFileSync("out-and-back", "utf8"));
console.log("read through ro-back:", fs.readFileSync("ro-back", "utf8").trim());
const links = fs.readdirSync(".").filter((n) => fs.lstatSync(n).isSymbolicLink());
console.log("links:", links.length, "of", 3 * Object.keys(allowed).length);
