// Every open flag that can write, numeric or string, is EROFS in the
// read-only dir; an fd opened for reading there cannot write by any fd call.
import fs from "node:fs";
const C = fs.constants;
const O_TMPFILE = 0o20200000;
const flags = { "O_WRONLY": C.O_WRONLY, "O_RDWR": C.O_RDWR, "O_ACCMODE": 3, "O_TRUNC": C.O_TRUNC, "O_APPEND": C.O_APPEND,
  "O_CREAT": C.O_CREAT, "O_CREAT|O_EXCL": C.O_CREAT | C.O_EXCL, "O_RDONLY|O_TRUNC": C.O_RDONLY | C.O_TRUNC,
  "O_WRONLY|O_NOFOLLOW": C.O_WRONLY | C.O_NOFOLLOW, "O_RDWR|O_SYNC": C.O_RDWR | C.O_SYNC, "rs+": "rs+", "as": "as", "r+": "r+" };
for (const [label, fl] of Object.entries(flags)) {
  try { fs.closeSync(fs.openSync("$R/data.txt", fl)); console.log(`[${label}] OPENED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
}
for (const [label, fl] of Object.entries({ "tmpfile": O_TMPFILE | C.O_RDWR, "tmpfile-wronly": O_TMPFILE | C.O_WRONLY, "dir-rdwr": C.O_RDWR, "dir-creat": C.O_CREAT | C.O_RDONLY })) {
  try { fs.closeSync(fs.openSync("$R", fl)); console.log(`[${label}] OPENED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
}
const fd = fs.openSync("$R/data.txt", "r");
const t = (label, f) => { try { f(); console.log(`[fd ${label}] ALLOWED`); } catch (e) { console.log(`[fd ${label}] ${e.code}`); } };
t("writeSync", () => fs.writeSync(fd, "pwned"));
t("writeSync-pos", () => fs.writeSync(fd, new Uint8Array([65]), 0, 1, 0));
t("writeFileSync", () => fs.writeFileSync(fd, "pwned"));
t("appendFileSync", () => fs.appendFileSync(fd, "pwned"));
t("ftruncateSync", () => fs.ftruncateSync(fd, 0));
t("truncateSync-fd", () => fs.truncateSync(fd, 0));
t("fchmodSync", () => fs.fchmodSync(fd, 0o777));
t("futimesSync", () => fs.futimesSync(fd, 1, 1));
console.log("still:", fs.readFileSync(fd, "utf8").trim());
fs.closeSync(fd);
