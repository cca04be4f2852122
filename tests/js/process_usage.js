// differential
// process.cpuUsage and resourceUsage are this process's getrusage: CPU time
// in microseconds that grows with work, a diff against a previous value,
// Node's errors for a bad one, and resourceUsage's sixteen fields.
const a = process.cpuUsage();
let x = 0;
for (let i = 0; i < 2e7; i++) x += i % 7;
const d = process.cpuUsage(a);
console.log(typeof a.user, typeof a.system, d.user + d.system > 1000, d.user + d.system < 30e6, x > 0);
console.log(Object.keys(process.cpuUsage(null)).join(","));
for (const bad of [5, "x", { user: "a", system: 1 }, { user: 1 }, { user: -1, system: 1 }, { user: 1, system: Infinity }, { user: 1, system: NaN }]) {
  try { process.cpuUsage(bad); console.log("no error"); } catch (e) { console.log(e.name, e.code, e.message); }
}
const r = process.resourceUsage();
console.log(Object.keys(r).join(","));
console.log(Object.values(r).every((v) => typeof v === "number" && v >= 0), r.maxRSS > 1000, r.minorPageFault > 0, r.userCPUTime > 0);
