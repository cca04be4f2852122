// The guest may not make a symbolic link whose relative target, read from
// the link's directory, climbs out of the mounts: "..", "../outside",
// "a/../../outside", forty "../", from a subdirectory, and from a
// directory reached through a link (the link's real directory counts).
// Targets that climb out and come back in ("../work/f", "../ro/data.txt")
// stay inside: allowed, in the sync, promise and callback forms alike.
import fs from "node:fs";
import fsp from "node:fs/promises";
fs.mkdirSync("a/b", { recursive: true }); fs.writeFileSync("f", "inside");
fs.symlinkSync("a/b", "dl"); // a link to a directory inside: dl/x lives in a/b
const up = (n) => "../".repeat(n);
const refused = [
  ["up", ".", ".."], ["up-slash", ".", "../"], ["up2", ".", "../.."], ["up-out", ".", "../outside"], ["up-out-secret", ".", "../outside/secret.txt"],
  ["up-secret", ".", "../secret.txt"], ["many-up", ".", up(40)], ["many-up-etc", ".", up(40) + "etc/passwd"], ["many-up-out", ".", up(40) + "$O".slice(1)],
  ["mid-out", ".", "a/../../outside"], ["mid-missing-out", ".", "nosuch/../../outside"], ["dot-out", ".", "./../outside"],
  ["ro-rel-out", ".", "../ro/../outside"], ["back-then-out", ".", "../work/../outside/secret.txt"], ["sibling", ".", "../work2/f"],
  ["sub-up3", "a/b", "../../.."], ["sub-up-out", "a/b", "../../../outside/secret.txt"], ["sub-many", "a/b", up(10) + "etc/passwd"],
  ["sub-mid-out", "a/b", "../../a/../../outside"], ["dl-up3", "dl", "../../.."], ["dl-out", "dl", "../../../outside"],
];
const allowed = [
  ["back-in", ".", "../work/f"], ["back-in-dir", ".", "../work"], ["ro-rel", ".", "../ro/data.txt"], ["ro-rel-dir", ".", "../ro"],
  ["here", ".", "."], ["sub", ".", "a/b"], ["mid-in", ".", "a/../f"], ["missing", ".", "nosuch/deeper"],
  ["sub-up2", "a/b", "../../f"], ["sub-back", "a/b", "../../../work/f"], ["sub-ro", "a/b", "../../../ro/data.txt"],
  ["dl-up2", "dl", "../../f"], ["dl-back", "dl", "../../../work/f"],
];
const tryAll = async ([label, dir, target]) => {
  const r = [], names = [`${dir}/${label}`, `${dir}/${label}-p`, `${dir}/${label}-cb`];
  try { fs.symlinkSync(target, names[0]); r.push("made"); } catch (e) { r.push(e.code); }
  r.push(await fsp.symlink(target, names[1]).then(() => "made", (e) => e.code));
  r.push(await new Promise((res) => fs.symlink(target, names[2], (e) => res(e ? e.code : "made"))));
  for (const n of names) {
    let t; try { t = fs.readlinkSync(n); } catch (e) { if (e.code !== "ENOENT") r.push(`readlink:${e.code}`); continue; }
    r.push(t === target ? "text-kept" : `TEXT-CHANGED:${t}`);
  }
  console.log(`[${label}] ${r.join(" ")}`);
};
for (const c of refused) await tryAll(c);
for (const c of allowed) await tryAll(c);
console.log("read:", ["back-in", "mid-in", "a/b/sub-up2", "a/b/sub-back", "a/b/dl-up2", "a/b/dl-back"].map((n) => fs.readFileSync(n, "utf8")).join(","),
  fs.readFileSync("ro-rel", "utf8").trim(), fs.readFileSync("a/b/sub-ro", "utf8").trim());
const links = fs.readdirSync(".", { recursive: true }).filter((n) => fs.lstatSync(n).isSymbolicLink());
console.log("links:", links.length, "of", 1 + 3 * allowed.length);
