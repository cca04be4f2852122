// differential
// A directory used again and again ("d/f1", "d/f2", ...) is kept open by
// the sandbox between calls; whatever renames, removes or relinks it must
// send the next call to what the path names now, as Linux does.
const fs = require("fs");
const root = "kept-dirs-tmp";
fs.rmSync(root, { recursive: true, force: true });
fs.mkdirSync(root);
const P = (n) => root + "/" + n;
const r = (label, f) => {
  let out;
  try { out = f(); out = out === undefined ? "ok" : JSON.stringify(out); } catch (e) { out = e.code || e.message; }
  console.log(label.padEnd(34), out);
};
const list = (d) => fs.readdirSync(P(d)).sort().join(",");

fs.mkdirSync(P("d"));
for (let i = 0; i < 5; i++) fs.writeFileSync(P(`d/f${i}`), String(i));

// renamed away, a new directory takes the name
fs.renameSync(P("d"), P("e"));
r("old name after rename", () => fs.writeFileSync(P("d/g"), "x"));
fs.mkdirSync(P("d"));
r("new dir under the old name", () => fs.writeFileSync(P("d/g"), "x"));
r("  new dir holds", () => list("d"));
r("  moved dir holds", () => list("e"));
r("stat through old name", () => fs.statSync(P("d/f1")).size);
r("stat through new name", () => fs.statSync(P("e/f1")).size);

// removed, then a link to another directory takes the name
for (let i = 0; i < 3; i++) fs.statSync(P("d/g"));
fs.rmSync(P("d"), { recursive: true });
fs.symlinkSync("e", P("d"));
r("write through the link", () => fs.writeFileSync(P("d/h"), "x"));
r("  lands in the target", () => list("e"));
r("unlink through the link", () => fs.unlinkSync(P("d/f0")));
r("  target after unlink", () => list("e"));
r("exists through the link", () => fs.existsSync(P("d/f1")));

// the link re-pointed (rmdir is not involved: unlink + symlink)
fs.mkdirSync(P("x"));
for (let i = 0; i < 3; i++) fs.existsSync(P("d/f1"));
fs.unlinkSync(P("d"));
fs.symlinkSync("x", P("d"));
r("write after re-pointing", () => fs.writeFileSync(P("d/y"), "x"));
r("  x holds", () => list("x"));
r("  e holds", () => list("e"));

// a directory renamed over another (the target path changes inode)
fs.mkdirSync(P("a"));
fs.writeFileSync(P("a/one"), "1");
fs.mkdirSync(P("b"));
fs.writeFileSync(P("b/two"), "2");
fs.statSync(P("a/one"));
fs.unlinkSync(P("a/one"));
fs.renameSync(P("b"), P("a"));
r("after rename over", () => list("a"));
r("stat in replaced dir", () => fs.statSync(P("a/two")).size);
r("mkdir in replaced dir", () => fs.mkdirSync(P("a/sub")));
r("  replaced dir holds", () => list("a"));

// a parent renamed: the kept child path changes meaning too
fs.mkdirSync(P("p/q"), { recursive: true });
fs.writeFileSync(P("p/q/z"), "z");
fs.statSync(P("p/q/z"));
fs.renameSync(P("p"), P("p2"));
fs.mkdirSync(P("p/q"), { recursive: true });
r("child of renamed parent", () => fs.existsSync(P("p/q/z")));
r("  via new name", () => fs.existsSync(P("p2/q/z")));

// across a wait: the next turn of the loop sees the same
setTimeout(() => {
  fs.renameSync(P("p2"), P("p3"));
  r("after a timer", () => fs.existsSync(P("p2/q/z")));
  fs.rmSync(root, { recursive: true, force: true });
}, 5);
