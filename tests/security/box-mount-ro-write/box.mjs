import fs from "node:fs";
const f = "/ro/data.txt", tries = {
  writeFile: () => fs.writeFileSync(f, "x"), append: () => fs.appendFileSync(f, "x"), create: () => fs.writeFileSync("/ro/new", "x"),
  openW: () => fs.openSync(f, "r+"), truncate: () => fs.truncateSync(f), unlink: () => fs.unlinkSync(f), rename: () => fs.renameSync(f, "/ro/x"),
  renameIn: () => { fs.writeFileSync("/work/m", "x"); fs.renameSync("/work/m", "/ro/m"); }, mkdir: () => fs.mkdirSync("/ro/d"),
  rm: () => fs.rmSync("/ro", { recursive: true, force: true }), symlink: () => fs.symlinkSync("x", "/ro/l"), link: () => fs.linkSync(f, "/ro/h"),
  chmod: () => fs.chmodSync(f, 0o777), utimes: () => fs.utimesSync(f, 1, 1), copy: () => fs.copyFileSync("/etc/hostname", "/ro/c"),
  cp: () => fs.cpSync("/etc", "/ro/e", { recursive: true }),
  stream: () => new Promise((ok, no) => fs.createWriteStream(f, { flags: "r+" }).on("error", no).on("open", () => ok())),
};
for (const [k, t] of Object.entries(tries)) {
  try { await t(); console.log("WROTE", k); } catch (e) { console.log(k, e.code); }
}
console.log("done", fs.readFileSync(f, "utf8").trim());
