// differential
// fs.readv/writev in every form, and the promisify hooks Node gives
// setTimeout, setImmediate and fs.exists; callback functions' names.
const fs = require("fs");
const util = require("util");
const f = "vectored-tmp.txt";
const fd = fs.openSync(f, "w+");
console.log("writevSync", fs.writevSync(fd, [Buffer.from("abc"), new Uint8Array(0), Buffer.from("defg")]));
console.log("writevSync at 2", fs.writevSync(fd, [Buffer.from("XY")], 2));
const a = Buffer.alloc(2), b = Buffer.alloc(10);
console.log("readvSync", fs.readvSync(fd, [a, b], 0), a.toString(), JSON.stringify(b.toString("latin1")));
try { fs.writevSync(fd, "nope"); } catch (e) { console.log(e.code); }
fs.writev(fd, [Buffer.from("12"), Buffer.from("3")], 0, (err, n, bufs) => {
  console.log("writev cb", err, n, bufs.length);
  const c = Buffer.alloc(4);
  fs.readv(fd, [c], 0, (err2, m, bufs2) => {
    console.log("readv cb", err2, m, bufs2[0] === c, c.toString());
    fs.closeSync(fd);
    promises();
  });
});
async function promises() {
  const h = await fs.promises.open(f, "r+");
  console.log("fh.writev", await h.writev([Buffer.from("zz")], 7).then((r) => [r.bytesWritten, r.buffers.length]));
  const d = Buffer.alloc(9);
  const r = await h.readv([d], 0);
  console.log("fh.readv", r.bytesRead, r.buffers[0] === d, d.toString());
  await h.close();
  console.log("promisify(setTimeout)", await util.promisify(setTimeout)(1, "v"));
  console.log("promisify(setImmediate)", await util.promisify(setImmediate)("w"));
  console.log("promisify(fs.exists)", await util.promisify(fs.exists)(f), await util.promisify(fs.exists)("no-such-file"));
  console.log(setTimeout[util.promisify.custom] === require("timers/promises").setTimeout);
  console.log(["readFile", "writeFile", "stat", "readv", "writev", "exists", "unlink"].map((n) => fs[n].name).join(" "));
  fs.unlinkSync(f);
}
