// differential
// fs write streams that fail: at the open (a missing dir, r+ on a missing
// file), at the first write (an fd or FileHandle opened for reading), and
// the order of events and callbacks when they do not fail. A failed stream
// reports its error to every callback, emits 'error' then 'close', and
// never 'finish'. (Read-only dirs and a full disk: tests/e2e/fs_fail_vs_node.sh.)
const fs = require("fs");
const EVENTS = ["open", "ready", "error", "finish", "close", "prefinish"];

function trace(name, w, drive) {
  return new Promise((done) => {
    const log = [];
    for (const ev of EVENTS) w.on(ev, (e) => log.push(ev === "error" ? `error:${e.code}/${e.syscall}` : ev));
    drive(w, log);
    w.on("close", () => setTimeout(() => {
      console.log(name, "|", log.join(" "), "| bytesWritten", w.bytesWritten, "errored", !!w.errored);
      done();
    }, 10));
  });
}
const res = (log, what) => (err) => log.push(`${what}:${err ? err.code : "ok"}`);
const endOnly = (w, log) => w.end("data", res(log, "end"));
const writeThenEnd = (w, log) => {
  w.write("a", res(log, "write1"));
  w.write("b", res(log, "write2"));
  w.end(res(log, "end"));
};

(async () => {
  await trace("missing dir", fs.createWriteStream("no-such-dir/x.txt"), endOnly);
  await trace("missing dir, writes", fs.createWriteStream("no-such-dir/x.txt"), writeThenEnd);
  await trace("r+ on a missing file", fs.createWriteStream("no-such-file.txt", { flags: "r+" }), endOnly);
  console.log("nothing created", !fs.existsSync("no-such-file.txt"));

  fs.writeFileSync("wsf-in.txt", "0123456789");
  const rfd = fs.openSync("wsf-in.txt", "r");
  await trace("fd opened to read", fs.createWriteStream(null, { fd: rfd }), writeThenEnd);
  const rfh = await fs.promises.open("wsf-in.txt", "r");
  await trace("FileHandle opened to read", rfh.createWriteStream(), writeThenEnd);
  console.log("its handle closed with it", rfh.fd);

  await trace("r+ on a file", fs.createWriteStream("wsf-in.txt", { flags: "r+", start: 2 }), writeThenEnd);
  console.log(fs.readFileSync("wsf-in.txt", "utf8"));
  const fh = await fs.promises.open("wsf-in.txt", "r+");
  await trace("FileHandle", fh.createWriteStream(), writeThenEnd);
  console.log("its handle closed with it", fh.fd, await fh.close().then(() => "second close ok", (e) => e.code));
  await trace("new file", fs.createWriteStream("wsf-out.txt"), writeThenEnd);
  await trace("new file, end only", fs.createWriteStream("wsf-out.txt", { flags: "a" }), endOnly);
  console.log(fs.readFileSync("wsf-out.txt", "utf8"));

  // many writes queued before the open go out together (_writev)
  const many = fs.createWriteStream("wsf-out.txt");
  const acks = [];
  for (let i = 0; i < 5; i++) many.write(`${i}`, () => acks.push(i));
  await new Promise((r) => many.end(r));
  console.log("acks", acks.join(","), fs.readFileSync("wsf-out.txt", "utf8"));
  fs.unlinkSync("wsf-in.txt");
  fs.unlinkSync("wsf-out.txt");
})();
