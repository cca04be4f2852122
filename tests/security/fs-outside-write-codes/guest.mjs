// The rule: outside every mount, reads are ENOENT and writes are EACCES.
// Every call that would change an existing outside file or dir is a write,
// whether it creates a name (writeFile) or not (chmod, truncate, rm, r+).
import fs from "node:fs";
const ops = {
  "writeFile": () => fs.writeFileSync("$O/secret.txt", "x"), "appendFile": () => fs.appendFileSync("$O/secret.txt", "x"),
  "unlink": () => fs.unlinkSync("$O/secret.txt"), "rmdir": () => fs.rmdirSync("$O"), "rename": () => fs.renameSync("$O/secret.txt", "$O/moved"),
  "rm": () => fs.rmSync("$O/secret.txt"), "rm-recursive": () => fs.rmSync("$O", { recursive: true }),
  "chmod": () => fs.chmodSync("$O/secret.txt", 0o777), "utimes": () => fs.utimesSync("$O/secret.txt", 1, 1),
  "lutimes": () => fs.lutimesSync("$O/secret.txt", 1, 1), "truncate": () => fs.truncateSync("$O/secret.txt", 0),
  "open-r+": () => fs.openSync("$O/secret.txt", "r+"), "writeFile-r+": () => fs.writeFileSync("$O/secret.txt", "x", { flag: "r+" }),
  "open-trunc": () => fs.openSync("$O/secret.txt", fs.constants.O_WRONLY | fs.constants.O_TRUNC),
};
for (const [label, f] of Object.entries(ops)) {
  try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code}`); }
}
