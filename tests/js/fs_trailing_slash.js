// differential
// fs on "name/": a trailing slash asks for a directory, as Linux says
// (ENOTDIR for a file, EISDIR to create one, ENOENT when missing).
const fs = require("fs");
const d = "trailing-slash-tmp";
fs.rmSync(d, { recursive: true, force: true });
fs.mkdirSync(d);
const P = (n) => d + "/" + n;
fs.writeFileSync(P("file"), "x");
fs.mkdirSync(P("dir"));
fs.writeFileSync(P("dir/in"), "y");
fs.symlinkSync("file", P("lfile"));
fs.symlinkSync("dir", P("ldir"));
fs.symlinkSync("nowhere", P("ldang"));

const show = (v) => {
  if (v instanceof fs.Stats) return "isDirectory " + v.isDirectory();
  return JSON.stringify(v);
};
const r = (label, f, codeOnly) => {
  try {
    console.log(label, "->", show(f()));
  } catch (e) {
    console.log(label, "->", e.code, e.syscall, codeOnly ? "" : e.message);
  }
};

const names = ["file/", "dir/", "missing/", "lfile/", "ldir/", "ldang/"];
for (const n of names) {
  r("readFile " + n, () => fs.readFileSync(P(n), "utf8"));
  r("stat " + n, () => fs.statSync(P(n)));
  r("lstat " + n, () => fs.lstatSync(P(n)));
  r("stat quiet " + n, () => fs.statSync(P(n), { throwIfNoEntry: false }));
  r("existsSync " + n, () => fs.existsSync(P(n)));
  r("access " + n, () => fs.accessSync(P(n)));
  r("readdir " + n, () => fs.readdirSync(P(n)));
  r("open " + n, () => { fs.closeSync(fs.openSync(P(n), "r")); return "opened"; });
  r("open r+ " + n, () => { fs.closeSync(fs.openSync(P(n), "r+")); return "opened"; });
  r("readlink " + n, () => fs.readlinkSync(P(n)));
  r("realpath " + n, () => fs.realpathSync(P(n)).slice(process.cwd().length), true);
  r("realpath.native " + n, () => fs.realpathSync.native(P(n)).slice(process.cwd().length));
  r("chmod " + n, () => fs.chmodSync(P(n), 0o755));
  r("truncate " + n, () => fs.truncateSync(P(n), 1));
  r("utimes " + n, () => fs.utimesSync(P(n), 1, 1));
}
for (const n of names) {
  r("writeFile " + n, () => fs.writeFileSync(P(n), "z"));
  r("appendFile " + n, () => fs.appendFileSync(P(n), "z"));
  r("open w " + n, () => fs.closeSync(fs.openSync(P(n), "w")));
  r("open wx " + n, () => fs.closeSync(fs.openSync(P(n), "wx")));
}
r("writeFile new/", () => fs.writeFileSync(P("new/"), "z"));
r("existsSync new", () => fs.existsSync(P("new")));
r("copyFile file/ c", () => fs.copyFileSync(P("file/"), P("c")));
r("copyFile file c/", () => fs.copyFileSync(P("file"), P("c/")));
r("copyFile missing c", () => fs.copyFileSync(P("missing"), P("c")));
r("copyFile dir c", () => fs.copyFileSync(P("dir"), P("c")));

r("mkdir file/", () => fs.mkdirSync(P("file/")));
r("mkdir dir/", () => fs.mkdirSync(P("dir/")));
r("mkdir ldang/", () => fs.mkdirSync(P("ldang/")));
r("mkdir mk/", () => fs.mkdirSync(P("mk/")));
r("mkdir -p mk2/a/", () => fs.mkdirSync(P("mk2/a/"), { recursive: true }));
r("mkdir -p mk2/b//c/", () => fs.mkdirSync(P("mk2/b//c/"), { recursive: true }));
r("mkdir -p mk2/./y/", () => fs.mkdirSync(P("mk2/./y/"), { recursive: true }));
r("mkdir -p ./mk3/z", () => fs.mkdirSync("./" + P("mk3/z"), { recursive: true }));
r("mkdir -p mk2", () => fs.mkdirSync(P("mk2"), { recursive: true }));
r("mkdir -p file/a/", () => fs.mkdirSync(P("file/a/"), { recursive: true }));
r("mkdir -p file", () => fs.mkdirSync(P("file"), { recursive: true }));

r("symlink file new2/", () => fs.symlinkSync("file", P("new2/")));
r("symlink file file/", () => fs.symlinkSync("file", P("file/")));
r("link file new3/", () => fs.linkSync(P("file"), P("new3/")));
r("link file/ new3", () => fs.linkSync(P("file/"), P("new3")));
r("link dir/ new3", () => fs.linkSync(P("dir/"), P("new3")));
r("link missing/ new3", () => fs.linkSync(P("missing/"), P("new3")));
r("link file dir/", () => fs.linkSync(P("file"), P("dir/")));

r("rename file/ f2", () => fs.renameSync(P("file/"), P("f2")));
r("rename file f2/", () => fs.renameSync(P("file"), P("f2/")));
r("rename missing/ f2", () => fs.renameSync(P("missing/"), P("f2")));
r("rename lfile/ f2", () => fs.renameSync(P("lfile/"), P("f2")));
r("rename ldir/ f2", () => fs.renameSync(P("ldir/"), P("f2")));
r("rename dir/ dir2/", () => fs.renameSync(P("dir/"), P("dir2/")));
r("rename dir2 dir/", () => fs.renameSync(P("dir2"), P("dir/")));
r("rename dir file/", () => fs.renameSync(P("dir"), P("file/")));

r("unlink file/", () => fs.unlinkSync(P("file/")));
r("unlink dir/", () => fs.unlinkSync(P("dir/")));
r("unlink missing/", () => fs.unlinkSync(P("missing/")));
r("unlink lfile/", () => fs.unlinkSync(P("lfile/")));
r("unlink ldir/", () => fs.unlinkSync(P("ldir/")));
r("unlink ldang/", () => fs.unlinkSync(P("ldang/")));
r("rmdir file/", () => fs.rmdirSync(P("file/")));
r("rmdir missing/", () => fs.rmdirSync(P("missing/")));
r("rmdir ldir/", () => fs.rmdirSync(P("ldir/")));
r("rmdir mk/", () => fs.rmdirSync(P("mk/")));
r("rm file/", () => fs.rmSync(P("file/")));
r("rm missing/ force", () => fs.rmSync(P("missing/"), { force: true }));
r("rm -r mk2/", () => fs.rmSync(P("mk2/"), { recursive: true }));
r("entries", () => fs.readdirSync(d).sort());
r("file", () => fs.readFileSync(P("file"), "utf8"));

// the callback and promise forms say the same
fs.readFile(P("file/"), (e) => {
  console.log("readFile cb file/ ->", e.code, e.syscall);
  fs.exists(P("file/"), (yes) => {
    console.log("exists cb file/ ->", yes);
    fs.promises.writeFile(P("new/"), "z").catch((e) => {
      console.log("promises.writeFile new/ ->", e.code, e.syscall);
      return fs.promises.unlink(P("file/"));
    }).catch((e) => {
      console.log("promises.unlink file/ ->", e.code, e.syscall);
      return fs.promises.realpath(P("file/"));
    }).catch((e) => {
      console.log("promises.realpath file/ ->", e.code, e.syscall);
      fs.rmSync(d, { recursive: true, force: true });
    });
  });
});
