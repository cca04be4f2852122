// differential
// Node's order of ticks, promise jobs, timers and immediates. Everything
// starts inside a timer, where Node's order is deterministic (from the main
// module, a 0 ms timer and an immediate may run in either order).
const log = [];
const out = (s) => log.push(s);
setTimeout(() => {
setTimeout(() => {
  out("timeout 1");
  process.nextTick(() => out("tick in timeout 1"));
  Promise.resolve().then(() => out("promise in timeout 1"));
}, 0);
setTimeout(() => out("timeout 2"), 0);
setImmediate(() => {
  out("immediate 1");
  process.nextTick(() => out("tick in immediate 1"));
});
setImmediate(() => out("immediate 2"));
process.nextTick(() => {
  out("tick 1");
  process.nextTick(() => out("tick in tick"));
  Promise.resolve().then(() => out("promise in tick"));
});
Promise.resolve().then(() => {
  out("promise 1");
  process.nextTick(() => out("tick in promise"));
  Promise.resolve().then(() => out("promise in promise"));
});
queueMicrotask(() => out("microtask"));
out("sync");
}, 0);
setTimeout(() => {
  const iv = setInterval(() => {
    out("interval");
    if (log.filter((l) => l === "interval").length === 3) clearInterval(iv);
  }, 1);
}, 20);
setTimeout(() => {
  const t = setTimeout(() => out("never"), 5);
  clearTimeout(t);
  const u = setTimeout(() => out("unref'd never"), 1000);
  u.unref();
  console.log(typeof t.ref, typeof t.unref, t.hasRef(), u.hasRef());
}, 40);
setTimeout((a, b) => out(`args ${a} ${b}`), 300, "x", "y");
process.on("exit", (code) => console.log(log.join("\n") + `\nexit ${code}`));
