// node's children in tight loops (node, sh, awk, python3) are stopped by
// SIGKILL from node inside the box
import { spawn } from "node:child_process";
const progs = [["node", ["-e", "for (;;) {}"]], ["sh", ["-c", "while :; do :; done"]], ["awk", ["BEGIN { for (;;) ; }"]], ["python3", ["-c", "while True: pass"]]];
for (const [p, a] of progs) {
  const c = spawn(p, a, { stdio: "ignore" });
  await new Promise((ok) => setTimeout(ok, 500));
  c.kill("SIGKILL");
  const [code, sig] = await new Promise((ok) => c.on("exit", (code, sig) => ok([code, sig])));
  console.log(p, code, sig);
}
console.log("done");
