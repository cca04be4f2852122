// as agent, from node: the box's devices stay as they are
import fs from "node:fs";
for (const [k, f] of Object.entries({ rm: () => fs.unlinkSync("/dev/null"), mv: () => fs.renameSync("/dev/zero", "/tmp/z"), chmod: () => fs.chmodSync("/dev/null", 0o600),
  chown: () => fs.chownSync("/dev/tty", 1000, 1000), create: () => fs.writeFileSync("/dev/newdev", "x"), link: () => fs.symlinkSync("/tmp/x", "/dev/l"),
  rmLink: () => fs.unlinkSync("/dev/stdin"), rmdir: () => fs.rmSync("/dev", { recursive: true }) }))
  try { f(); console.log("DID", k); } catch (e) { console.log(k, e.code); }
console.log(fs.statSync("/dev/null").isCharacterDevice(), (fs.statSync("/dev/null").mode & 0o777).toString(8), "done");
