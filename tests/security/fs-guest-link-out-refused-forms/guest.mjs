// Every form of making a symbolic link to outside is refused (EACCES, a
// Node-style Error) and leaves nothing: targets as Buffer and file: URL,
// the type argument, names given absolute, as Buffer or URL, through a
// link to a directory, over an existing name, promises and callbacks. The
// error says why without naming more than the allowed dirs.
import fs from "node:fs";
import fsp from "node:fs/promises";
fs.mkdirSync("a/b", { recursive: true }); fs.symlinkSync("a/b", "dl"); fs.writeFileSync("exists.txt", "mine");
const O = "$O";
const forms = {
  "buffer-target": () => fs.symlinkSync(Buffer.from(O), "l1"),
  "url-target": () => fs.symlinkSync(new URL("file://" + O + "/secret.txt"), "l2"),
  "type-dir": () => fs.symlinkSync(O, "l3", "dir"),
  "type-file": () => fs.symlinkSync(O + "/secret.txt", "l4", "file"),
  "type-junction": () => fs.symlinkSync(O, "l5", "junction"),
  "abs-name": () => fs.symlinkSync(O, "$W/l6"),
  "buffer-name": () => fs.symlinkSync("/", Buffer.from("l7")),
  "url-name": () => fs.symlinkSync("/etc", new URL("file://$W/l8")),
  "dotdot-name": () => fs.symlinkSync("../outside", "a/../l9"),
  "via-dir-link": () => fs.symlinkSync(O, "dl/l10"),
  "deep-name": () => fs.symlinkSync(O, "a/b/l11"),
  "over-existing": () => fs.symlinkSync(O, "exists.txt"),
  "over-dir": () => fs.symlinkSync(O, "a"),
};
const names = ["l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8", "l9", "a/b/l10", "a/b/l11"];
let shape = "";
for (const [label, f] of Object.entries(forms)) {
  try { f(); console.log(`[${label}] MADE`); } catch (e) {
    console.log(`[${label}] ${e.code}`);
    if (label === "abs-name") shape = [e instanceof Error, e.errno, e.syscall, e.path === O, e.dest === "$W/l6",
      e.message.startsWith("EACCES: permission denied, symlink"), e.message.includes("outside the directories the sandbox allows")].join(" ");
  }
}
console.log("error shape:", shape);
const p = (label, f) => f().then(() => console.log(`[${label}] MADE`), (e) => console.log(`[${label}] ${e.code} ${e instanceof Error}`));
await p("promises", () => fsp.symlink(O, "p1"));
await p("promises-type", () => fsp.symlink("/", "p2", "dir"));
await p("promises-buffer", () => fsp.symlink(Buffer.from("../outside/secret.txt"), "a/b/../../p3"));
const cb = (label, ...args) => new Promise((res) => fs.symlink(...args, (e) => { console.log(`[${label}] ${e ? `${e.code} ${e instanceof Error}` : "MADE"}`); res(); }));
await cb("callback", O, "c1");
await cb("callback-type", "/proc/self/root", "c2", "dir");
await cb("callback-url", new URL("file:///tmp"), "dl/c3");
// the things that are refused for another reason keep that reason
try { fs.symlinkSync(O, "nosuch/l"); } catch (e) { console.log(`[missing-parent] ${e.code}`); }
try { fs.symlinkSync(O, "$R/l"); } catch (e) { console.log(`[in-readonly] ${e.code}`); }
try { fs.symlinkSync("$W/f", O + "/l"); } catch (e) { console.log(`[name-outside] ${e.code}`); }
const left = [...names, "p1", "p2", "p3", "c1", "c2", "a/b/c3"].filter((n) => { try { fs.lstatSync(n); return true; } catch { return false; } });
console.log("left:", left.length ? left.join(",") : "none");
console.log("exists.txt still:", fs.readFileSync("exists.txt", "utf8"), fs.lstatSync("a").isDirectory());
