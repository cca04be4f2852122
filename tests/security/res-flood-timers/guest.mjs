// 100 000 timers, 100 000 immediates, 100 000 ticks and 100 000 intervals
// armed then cleared: all that should fire does, within the limits, and the
// run ends by itself.
let t = 0, im = 0, tk = 0, iv = 0;
for (let i = 0; i < 100000; i++) setTimeout(() => { t++; }, i % 20);
for (let i = 0; i < 100000; i++) setImmediate(() => { im++; });
for (let i = 0; i < 100000; i++) process.nextTick(() => { tk++; });
const ids = [];
for (let i = 0; i < 100000; i++) ids.push(setInterval(() => { iv++; }, 1000));
for (const id of ids) clearInterval(id);
process.on("exit", () => console.log("timers", t, "immediates", im, "ticks", tk, "intervals", iv));
