// stdin is empty in the sandbox: process.stdin is a stream that ends at
// once (as Node's under `< /dev/null`), reachable as a named import too.
// Not marked differential, as Node would read the test runner's own stdin;
// `node process_stdin.mjs < /dev/null` prints this same output.
import process, { stdin } from "node:process";
import readline from "node:readline";
console.log(stdin === process.stdin, stdin.constructor.name, stdin.fd, stdin.isTTY, stdin.readable);
console.log(Object.getOwnPropertyDescriptor(process, "stdin").enumerable, Object.keys(process).includes("stdin"));
let data = "";
stdin.setEncoding("utf8");
stdin.on("data", (c) => (data += c));
stdin.on("end", () => {
  console.log("end", JSON.stringify(data));
  const rl = readline.createInterface({ input: process.stdin });
  let lines = 0;
  rl.on("line", () => lines++);
  rl.on("close", () => console.log("readline closed", lines));
});
