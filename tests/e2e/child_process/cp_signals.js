// process.kill and signal listeners
const cp = require("child_process");
process.on("SIGUSR1", (s) => console.log("got", s));
process.kill(process.pid, "SIGUSR1");
const e = (f) => { try { console.log(f()); } catch (x) { console.log(x.code, x.message, x.syscall, x.errno); } };
e(() => process.kill(999999, 0));
e(() => process.kill("x"));
e(() => process.kill(process.pid, "SIGFOO"));
e(() => process.kill(process.pid, 0));
const c = cp.spawn(process.execPath, ["-e", `
  process.on('SIGTERM', (s) => { console.log('child got', s); process.exit(0); });
  console.log('ready');
  setInterval(() => {}, 1000);
`]);
c.stdout.on("data", (d) => {
  process.stdout.write(`child: ${d}`);
  if (String(d).includes("ready")) c.kill();
});
c.on("exit", (code, sig) => {
  console.log("handled SIGTERM: exit", code, sig);
  process.removeAllListeners("SIGUSR1");
  const n = cp.spawn(process.execPath, ["-e", "console.log('up'); setTimeout(() => {}, 10000)"]);
  n.stdout.on("data", () => process.kill(n.pid, "SIGINT"));
  n.on("exit", (code, sig) => console.log("default SIGINT: exit", code, sig));
});
