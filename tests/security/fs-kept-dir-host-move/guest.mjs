// A directory kept open between calls must not follow a host's move out
// of the mount: after the loop has waited, the path is looked up again.
import fs from "node:fs";
for (let i = 0; i < 20; i++) fs.writeFileSync(`sub/f${i}`, "inside");
fs.existsSync("sub/f1");
fs.writeFileSync("go", "");
await new Promise((done) => {
  const t = setInterval(() => { if (fs.existsSync("moved")) { clearInterval(t); done(); } }, 5);
});
const r = (label, f) => { let out; try { out = f() ?? "ok"; } catch (e) { out = e.code; } console.log(`${label}:${out}`); };
r("write", () => fs.writeFileSync("sub/pwned", "x"));
r("read", () => fs.readFileSync("sub/f1", "utf8"));
r("exists", () => fs.existsSync("sub/f1"));
r("mkdir", () => fs.mkdirSync("sub/pwned-dir"));
r("unlink", () => fs.unlinkSync("sub/f2"));
r("readdir", () => fs.readdirSync("sub").length);
