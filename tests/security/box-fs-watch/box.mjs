// node: file watching (inotify on the host, on host paths) is refused
// with a clear error, every form of it
import fs from "node:fs";
for (const [k, f] of Object.entries({ watch: () => fs.watch("/work"), watchRo: () => fs.watch("/ro/data.txt"), promises: () => fs.promises.watch("/tmp")[Symbol.asyncIterator]().next(),
  watchFile: () => fs.watchFile("/etc/hostname", () => {}) }))
  try { await f(); console.log("WATCHING", k); } catch (e) { console.log(k, e.code); }
console.log("done");
