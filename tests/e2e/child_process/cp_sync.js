// the sync forms: results, errors, options
const cp = require("child_process");
const util = require("util");
const show = (label, v) => console.log(label, util.inspect(v, { depth: 1, breakLength: 200 }).replace(/pid: \d+/g, "pid: N"));
const err = (label, f) => {
  try { f(); console.log(label, "no error"); } catch (e) {
    console.log(label, e.constructor.name, e.code, JSON.stringify(e.message), e.status, e.signal,
      e.syscall, e.path, JSON.stringify(e.spawnargs), e.errno, e.stdout === undefined ? "-" : JSON.stringify(String(e.stdout).slice(0, 40)));
  }
};
show("spawnSync", cp.spawnSync("echo", ["a", "b"]));
show("encoding", cp.spawnSync("sh", ["-c", "echo x; echo y >&2; exit 7"], { encoding: "utf8" }));
show("signal", cp.spawnSync("sh", ["-c", "kill -9 $$"]));
show("inherit", cp.spawnSync("echo", ["inherited"], { stdio: "inherit" }));
show("ignore", cp.spawnSync("echo", ["ignored"], { stdio: "ignore" }));
show("fd 1 for stderr", cp.spawnSync("sh", ["-c", "echo to-out; echo to-err >&2"], { stdio: ["pipe", "pipe", 1] }));
{
  const r = cp.spawnSync("no-such-program", ["x"]);
  show("enoent", { ...r, error: [r.error.message, r.error.code, r.error.errno, r.error.syscall, r.error.path, r.error.spawnargs] });
  console.log("enoent keys", Object.keys(r).join(","));
}
show("input", cp.spawnSync("cat", { input: "typed\n", encoding: "utf8" }));
show("input buffer", cp.spawnSync("wc", ["-c"], { input: Buffer.alloc(100000, 120), encoding: "utf8" }).stdout.trim());
show("big output", cp.spawnSync("seq", ["1", "100000"]).stdout.length);
show("cwd", cp.execSync("pwd", { cwd: "/", encoding: "utf8" }));
show("env", cp.execSync("echo $FOO-$BAR", { env: { FOO: "f", PATH: process.env.PATH }, encoding: "utf8" }));
show("argv0", cp.execFileSync("sh", ["-c", "echo $0"], { argv0: "zero", encoding: "utf8" }));
show("shell string", cp.execSync("echo $((6 * 7))", { shell: "/bin/sh", encoding: "utf8" }));
show("shell true", cp.spawnSync("echo", ["a  b", "c"], { shell: true, encoding: "utf8" }).stdout);
show("execFileSync", cp.execFileSync("echo", ["one", "two"]));
err("execSync status", () => cp.execSync("echo partial; exit 3", { stdio: "pipe" }));
err("execSync stderr", () => cp.execSync("echo oops >&2; exit 4", { stdio: "pipe" }));
err("execSync signal", () => cp.execSync("kill -TERM $$"));
err("execFileSync status", () => cp.execFileSync("sh", ["-c", "exit 5"]));
err("execFileSync enoent", () => cp.execFileSync("no-such-program", ["a"]));
err("timeout", () => cp.execSync("sleep 5", { timeout: 300 }));
err("timeout SIGKILL", () => cp.execSync("sleep 5", { timeout: 300, killSignal: "SIGKILL" }));
err("maxBuffer", () => cp.execSync("seq 1 100000", { maxBuffer: 1000 }));
err("cwd missing", () => cp.execSync("pwd", { cwd: "/no/such/dir" }));
err("bad file", () => cp.spawnSync(42));
err("empty file", () => cp.spawnSync(""));
err("bad stdio", () => cp.spawnSync("echo", [], { stdio: "bogus" }));
err("bad timeout", () => cp.execSync("true", { timeout: -1 }));
err("bad maxBuffer", () => cp.execSync("true", { maxBuffer: "x" }));
err("bad killSignal", () => cp.execSync("true", { killSignal: "SIGNOPE" }));
err("null byte", () => cp.execFileSync("echo", ["a\u0000b"]));
err("ipc sync", () => cp.spawnSync("echo", [], { stdio: ["pipe", "pipe", "pipe", "ipc"] }));
