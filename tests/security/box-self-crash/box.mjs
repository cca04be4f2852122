// node's children that crash themselves: their signal is reported, node goes on
// (a SIGSEGV or SIGBUS sent to node is caught once by JavaScriptCore's wasm
// fault handler, and SIGUSR1 crashes it: see the closing note of issue 25)
import { spawnSync } from "node:child_process";
for (const [p, a] of [["node", ["-e", "process.abort()"]], ["node", ["-e", "process.kill(process.pid, 'SIGFPE')"]], ["sh", ["-c", "kill -BUS $$"]],
  ["python3", ["-c", "import os; os.abort()"]]]) {
  const r = spawnSync(p, a, { stdio: "ignore" });
  console.log(p, r.status, r.signal);
}
console.log("done");
