// differential
// fs.cp / cpSync / promises.cp: a symbolic link is copied as a link (its
// target made absolute, or as written with verbatimSymlinks), or as what it
// points to with dereference. (Node 22's cpSync checks links with stat in
// C++, so the dereference and overwrite cases use fs.promises.cp, whose
// documented behaviour cpSync shares here.)
const fs = require("fs");
const d = "cp-links-tmp";
fs.rmSync(d, { recursive: true, force: true });
const P = (n) => d + "/" + n;
fs.mkdirSync(P("src/sub"), { recursive: true });
fs.writeFileSync(P("src/file"), "F");
fs.chmodSync(P("src/file"), 0o640);
fs.writeFileSync(P("src/sub/deep"), "D");
fs.symlinkSync("file", P("src/lrel"));
fs.symlinkSync("sub", P("src/ldir"));
fs.symlinkSync("../src/file", P("src/lup"));
fs.symlinkSync(process.cwd() + "/" + P("src/file"), P("src/labs"));
fs.symlinkSync("nowhere", P("src/ldang"));
fs.mkdirSync(P("conflict/file"), { recursive: true });
fs.mkdirSync(P("conflict2"));
fs.writeFileSync(P("conflict2/sub"), "x");
fs.mkdirSync(P("old"));
fs.writeFileSync(P("old/file"), "old");

const cwd = process.cwd();
const clean = (s) => String(s).split(cwd).join("<cwd>");
const desc = (p) => {
  const st = fs.lstatSync(p, { throwIfNoEntry: false });
  if (!st) return "missing";
  if (st.isSymbolicLink()) return "link -> " + clean(fs.readlinkSync(p));
  if (st.isDirectory()) return "dir";
  return `file ${JSON.stringify(fs.readFileSync(p, "utf8"))} ${(st.mode & 0o777).toString(8)}`;
};
const tree = (root) => {
  const out = [];
  const walk = (p, rel) => {
    out.push(`  ${rel || "."}: ${desc(p)}`);
    const st = fs.lstatSync(p, { throwIfNoEntry: false });
    if (st && st.isDirectory()) for (const n of fs.readdirSync(p).sort()) walk(p + "/" + n, rel ? rel + "/" + n : n);
  };
  walk(root, "");
  return out.join("\n");
};
const steps = [];
const r = (label, f, show) => steps.push(async () => {
  try {
    await f();
    console.log(label, "-> ok");
  } catch (e) {
    console.log(label, "->", e.name, e.code, e.syscall, e.errno, clean(e.path), clean(e.message));
  }
  if (show) console.log(tree(P(show)));
});
const cp = fs.promises.cp;

r("cpSync -r", () => fs.cpSync(P("src"), P("out1"), { recursive: true }), "out1");
r("cpSync -r verbatim", () => fs.cpSync(P("src"), P("out2"), { recursive: true, verbatimSymlinks: true }), "out2");
r("cpSync link", () => fs.cpSync(P("src/lrel"), P("one")), "one");
r("cpSync link verbatim", () => fs.cpSync(P("src/lrel"), P("two"), { verbatimSymlinks: true }), "two");
r("cpSync link to dir", () => fs.cpSync(P("src/ldir"), P("ldir-copy"), { recursive: true }), "ldir-copy");
r("cpSync both", () => fs.cpSync(P("src"), P("x"), { dereference: true, verbatimSymlinks: true }));
r("cpSync bad option", () => fs.cpSync(P("src/file"), P("x"), { force: "yes" }));
r("cpSync async filter", () => fs.cpSync(P("src"), P("x"), { recursive: true, filter: async () => true }));

r("cp -r dereference", () => cp(P("src"), P("out3"), { recursive: true, dereference: true }));
r("cp -r dereference filter", () => cp(P("src"), P("out4"), { recursive: true, dereference: true, filter: (s) => !s.endsWith("ldang") }), "out4");
r("cp -r async filter", () => cp(P("src"), P("out5"), { recursive: true, filter: async (s) => !s.endsWith("sub") }), "out5");
r("cp link dereference", () => cp(P("src/lrel"), P("three"), { dereference: true }), "three");
r("cp dangling", () => cp(P("src/ldang"), P("four")), "four");
r("cp dangling dereference", () => cp(P("src/ldang"), P("five"), { dereference: true }), "five");
r("cp link over link", () => cp(P("src/lup"), P("one")), "one");
r("cp link over file", () => cp(P("src/lrel"), P("three")), "three");
r("cp file over link", () => cp(P("src/file"), P("one")), "one");
r("cp dir over link to it", () => cp(P("src/ldir"), P("out1/ldir"), { recursive: true }));
r("cp link to dir", () => cp(P("src/ldir"), P("six")), "six");
r("cp link to dir dereference", () => cp(P("src/ldir"), P("seven"), { dereference: true }));
r("cp same", () => cp(P("src/file"), P("src/file")));
r("cp into itself", () => cp(P("src"), P("src/sub/inner"), { recursive: true }));
r("cp dir not recursive", () => cp(P("src"), P("nr")));
r("cp missing", () => cp(P("missing"), P("nr")));
r("cp dir over file", () => cp(P("src"), P("src/file"), { recursive: true }));
r("cp file over dir", () => cp(P("src/file"), P("src/sub"), { recursive: true }));
r("cp nested file over dir", () => cp(P("src"), P("conflict"), { recursive: true }));
r("cp nested dir over file", () => cp(P("src"), P("conflict2"), { recursive: true }));
r("cp errorOnExist", () => cp(P("src/file"), P("old/file"), { force: false, errorOnExist: true }), "old");
r("cp no force", () => cp(P("src/file"), P("old/file"), { force: false }), "old");
r("cp force", () => cp(P("src/file"), P("old/file")), "old");
r("cp into new parents", () => cp(P("src/file"), P("new/a/b/file")), "new");
r("cp callback", () => new Promise((res, rej) => fs.cp(P("src/lrel"), P("eight"), { verbatimSymlinks: true }, (e) => (e ? rej(e) : res()))), "eight");

(async () => {
  for (const s of steps) await s();
  fs.rmSync(d, { recursive: true, force: true });
})();
