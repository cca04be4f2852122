// The same refusals through other doors: require forms, createRequire from
// "/", promisify, the ChildProcess class, and a patched module object.
const util = require("util");
const tries = {
  "require-bare": () => require("child_process").execSync("id"),
  "require-node-prefix": () => require("node:child_process").spawnSync("id"),
  "createRequire-root": () => require("module").createRequire("/")("child_process").exec("id"),
  "promisify-exec": () => util.promisify(require("child_process").exec)("id"),
  "ChildProcess-spawn": () => { const c = new (require("child_process").ChildProcess)(); return c.spawn({ file: "/bin/sh", args: ["sh", "-c", "id"], stdio: "pipe" }); },
  "patched-then-called": () => { const m = require("child_process"); m.x = 1; return m.execFileSync("/bin/id"); },
};
(async () => {
  for (const [k, f] of Object.entries(tries)) {
    try { await f(); console.log(k, "STARTED"); } catch (e) { console.log(`${k}: ${e.code}`); }
  }
  const seen = new Set(Object.getOwnPropertyNames(process).filter((n) => /spawn|exec|fork|binding/i.test(n)));
  console.log("process spawn-like members:", [...seen].sort().join(",") || "none");
})();
