// The guest swaps a directory for a link to outside (and back) between
// calls, in a loop, while callback and promise operations on paths under
// it are still pending. Whatever each one sees, none reaches outside.
// (The links to outside are made by the host, hostLink, synchronously: the
// guest may not make them; the one to the read-only dir by the guest.)
import fs from "node:fs";
import fsp from "node:fs/promises";
import { hostLink } from "./hostlink.mjs";
const seen = new Set();
const note = (what) => (e) => seen.add(`${what}:${e && e.code ? e.code : "ok"}`);
const targets = ["$O", "../outside", "/", "$R"];
const pending = [];
for (let i = 0; i < 400; i++) {
  const target = targets[i % targets.length];
  fs.mkdirSync("d", { recursive: true });
  fs.writeFileSync("d/secret.txt", "inside");
  pending.push(fsp.readFile("d/secret.txt", "utf8").then((s) => seen.add(`read:${s}`), note("read")));
  pending.push(fsp.writeFile("d/pwned", "x").then(note("write"), note("write")));
  fs.readFile("d/secret.txt", "utf8", (e, s) => seen.add(e ? `cbread:${e.code}` : `cbread:${s}`));
  fs.appendFile("d/data.txt", "x", note("cbappend"));
  fs.rmSync("d", { recursive: true, force: true });
  if (target === "$R") fs.symlinkSync(target, "d"); else hostLink(target, "d");
  pending.push(fsp.readFile("d/secret.txt", "utf8").then((s) => seen.add(`read:${s}`), note("read")));
  pending.push(fsp.writeFile("d/pwned", "x").then(note("write"), note("write")));
  pending.push(fsp.truncate("d/data.txt", 0).then(note("truncate"), note("truncate")));
  pending.push(fsp.rm("d/secret.txt").then(note("rm"), note("rm")));
  pending.push(fsp.mkdir("d/newdir").then(note("mkdir"), note("mkdir")));
  fs.readFile("d/secret.txt", "utf8", (e, s) => seen.add(e ? `cbread:${e.code}` : `cbread:${s}`));
  fs.appendFile("d/data.txt", "x", note("cbappend"));
  fs.unlinkSync("d");
}
await Promise.all(pending);
await new Promise((r) => setTimeout(r, 50));
console.log([...seen].sort().join("\n"));
