import { execFileSync } from "node:child_process";
const run = (file, args, env) => {
  try { return execFileSync(file, args, { env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim(); }
  catch (e) { return `failed ${String(e.stderr).split("\n")[0]}`; }
};
console.log(run("node", ["-e", 'console.log("child ran")'], { NODE_OPTIONS: "--require $O/evil.js" }));
console.log(run("sh", ["-c", "echo sh ran"], { LD_PRELOAD: "$O/evil.so", BASH_ENV: "$O/evil.sh", ENV: "$O/evil.sh" }));
try { await import("$O/evil.js"); } catch (e) { console.log("import", e.code); }
console.log("done");
