// scripts: a #! line, #!/usr/bin/env node, none; not executable; PATH lookup
const cp = require("child_process");
const fs = require("fs");
const path = require("path");
const d = path.join(__dirname, "scripts");
fs.rmSync(d, { recursive: true, force: true });
fs.mkdirSync(d);
fs.writeFileSync(path.join(d, "hash.sh"), "#!/bin/sh\necho from a sh script: $0 $1\n", { mode: 0o755 });
fs.writeFileSync(path.join(d, "envnode"), "#!/usr/bin/env node\nconsole.log('from a node script', process.argv.slice(2))\n", { mode: 0o755 });
fs.writeFileSync(path.join(d, "plain"), "echo no interpreter line\n", { mode: 0o755 });
fs.writeFileSync(path.join(d, "noexec"), "#!/bin/sh\necho never\n", { mode: 0o644 });
const run = (label, f) => {
  try { console.log(label, JSON.stringify(String(f()))); } catch (e) { console.log(label, e.code, e.message.split("\n")[0], e.path, e.status); }
};
run("hash", () => cp.execFileSync(path.join(d, "hash.sh"), ["arg"]));
run("env node", () => cp.execFileSync(path.join(d, "envnode"), ["a", "b"]));
run("noexec", () => cp.execFileSync(path.join(d, "noexec")));
run("directory", () => cp.execFileSync(d));
run("on PATH", () => cp.execFileSync("hash.sh", ["p"], { env: { ...process.env, PATH: `${d}:${process.env.PATH}` } }));
run("relative", () => cp.execFileSync("./scripts/hash.sh", ["r"], { cwd: __dirname }));
run("no interpreter line", () => cp.execFileSync(path.join(d, "plain")));
run("missing", () => cp.execFileSync(path.join(d, "missing")));
const c = cp.spawn(path.join(d, "noexec"));
c.on("error", (e) => console.log("async noexec", e.code, e.message, e.path));
c.on("close", (code) => console.log("async noexec close", code));
