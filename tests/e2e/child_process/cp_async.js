// spawn, exec, execFile: events in Node's order, streams, kill, errors
const cp = require("child_process");
const util = require("util");
const steps = [];
const next = () => { const s = steps.shift(); if (s) s(); };
const step = (f) => steps.push(f);
function watch(label, c, done) {
  const ev = [];
  let out = "", errText = "";
  c.on("spawn", () => ev.push("spawn"));
  c.on("error", (e) => ev.push(`error ${e.message} ${e.code} ${e.errno} ${e.syscall} ${e.path} ${JSON.stringify(e.spawnargs)}`));
  c.on("exit", (code, sig) => ev.push(`exit ${code} ${sig}`));
  if (c.stdout) c.stdout.on("data", (d) => out += d);
  if (c.stderr) c.stderr.on("data", (d) => errText += d);
  c.on("close", (code, sig) => {
    ev.push(`close ${code} ${sig}`);
    console.log(label, ev.join(" | "), JSON.stringify(out), JSON.stringify(errText), c.exitCode, c.signalCode, c.killed);
    (done || next)();
  });
}
step(() => watch("spawn", cp.spawn("sh", ["-c", "echo out; echo err >&2; exit 3"])));
step(() => watch("enoent", cp.spawn("no-such-program", ["a", "b"])));
step(() => watch("cwd missing", cp.spawn("ls", [], { cwd: "/no/such/dir" })));
step(() => watch("cwd", cp.spawn("sh", ["-c", "pwd"], { cwd: "/" })));
step(() => watch("relative cwd", cp.spawn("sh", ["-c", "pwd"], { cwd: ".." })));
step(() => {
  const c = cp.spawn("sh", { cwd: "/", stdio: ["pipe", "pipe", "pipe"] });
  watch("args as options, a script on stdin", c);
  c.stdin.end("pwd; echo $0\n");
});
step(() => watch("shell", cp.spawn("echo $((1 + 2)) | tr 3 x", { shell: true })));
step(() => watch("inherit", cp.spawn("echo", ["to our stdout"], { stdio: "inherit" })));
step(() => {
  const c = cp.spawn("sleep", ["10"]);
  watch("kill", c);
  c.on("spawn", () => console.log("kill() returns", c.kill()));
});
step(() => {
  const c = cp.spawn("sleep", ["10"]);
  watch("kill SIGKILL", c);
  c.on("spawn", () => console.log("kill(9) returns", c.kill(9)));
});
step(() => watch("timeout", cp.spawn("sleep", ["10"], { timeout: 200 })));
step(() => {
  const c = cp.spawn("cat");
  const chunk = Buffer.alloc(65536, "a");
  let written = 0, got = 0, full = false;
  const pump = () => {
    while (written < 4 * 1024 * 1024) {
      written += chunk.length;
      if (!c.stdin.write(chunk)) { full = true; c.stdin.once("drain", pump); return; }
    }
    c.stdin.end();
  };
  c.stdout.on("data", (d) => got += d.length);
  c.on("close", (code) => { console.log("cat 4 MiB", code, got, written, "write said full:", full); next(); });
  pump();
});
step(() => {
  // a paused reader holds the child back; it ends once read
  const c = cp.spawn("sh", ["-c", "head -c 3000000 /dev/zero; echo done >&2"]);
  let errText = "", n = 0;
  c.stderr.on("data", (d) => errText += d);
  c.stdout.pause();
  setTimeout(() => {
    console.log("paused: stderr so far", JSON.stringify(errText), "exit code so far", c.exitCode);
    c.stdout.on("data", (d) => n += d.length);
    c.stdout.resume();
  }, 500);
  c.on("close", (code) => { console.log("paused reader", code, n, JSON.stringify(errText)); next(); });
});
step(() => {
  const c = cp.spawn("echo", ["piped to process.stdout"]);
  c.stdout.pipe(process.stdout);
  c.on("close", next);
});
step(() => {
  const c = cp.spawn("seq", ["1", "2000"]);
  c.on("close", (code) => { console.log("unread output, close", code); next(); });
});
step(() => cp.exec("echo async; exit 2", (e, out, err) => {
  console.log("exec", e.message.replace(/\n/g, "\\n"), e.code, e.killed, e.signal, e.cmd, JSON.stringify(out), JSON.stringify(err));
  next();
}));
step(() => cp.exec("echo hi; echo ho >&2", (e, out, err) => { console.log("exec ok", e, JSON.stringify(out), JSON.stringify(err)); next(); }));
step(() => cp.exec("echo bytes", { encoding: "buffer" }, (e, out) => { console.log("exec buffer", out); next(); }));
step(() => cp.exec("sleep 10", { timeout: 200 }, (e) => { console.log("exec timeout", e.killed, e.signal, e.code, e.cmd); next(); }));
step(() => cp.exec("seq 1 100000", { maxBuffer: 100 }, (e, out) => {
  console.log("exec maxBuffer", e.name, e.code, e.message, out.length); next();
}));
step(() => cp.execFile("ls", ["/nonexistent"], (e, out, err) => { console.log("execFile", e.code, e.cmd, JSON.stringify(err)); next(); }));
step(() => cp.execFile("no-such-program", (e) => { console.log("execFile enoent", e.code, e.errno, e.syscall, e.path, e.cmd); next(); }));
step(() => util.promisify(cp.exec)("echo promised").then((r) => { console.log("promisify", r); next(); }));
step(() => util.promisify(cp.execFile)("sh", ["-c", "exit 9"]).catch((e) => { console.log("promisify reject", e.code, JSON.stringify(e.stdout)); next(); }));
step(() => {
  const c = cp.spawn("cat", { stdio: ["pipe", "pipe", "inherit"] });
  c.stdout.setEncoding("utf8");
  c.stdout.on("data", (d) => console.log("cat echoed", JSON.stringify(d)));
  c.on("close", (code) => { console.log("stdio array", code, c.stdio.length, c.stderr); next(); });
  c.stdin.end("line\n");
});
next();
