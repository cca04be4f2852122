// http_load.mjs URL N CONC SECONDS - latency of N sequential keep-alive
// requests (p50, p99 in ms), then requests/s with CONC keep-alive
// connections for SECONDS. Prints: p50 p99 rps
import http from "node:http";
const [url, n = "2000", conc = "50", secs = "5"] = process.argv.slice(2);
const agent1 = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (agent) => new Promise((resolve, reject) => {
  http.get(url, { agent }, (res) => { res.resume(); res.on("end", resolve); }).on("error", reject);
});
for (let i = 0; i < 200; i++) await get(agent1); // warm up
const times = [];
for (let i = 0; i < +n; i++) {
  const t0 = process.hrtime.bigint();
  await get(agent1);
  times.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
times.sort((a, b) => a - b);
const agentN = new http.Agent({ keepAlive: true, maxSockets: +conc });
let done = 0;
const until = Date.now() + +secs * 1000;
await Promise.all(Array.from({ length: +conc }, async () => {
  while (Date.now() < until) { await get(agentN); done++; }
}));
console.log(times[Math.floor(times.length / 2)].toFixed(3), times[Math.floor(times.length * 0.99)].toFixed(3),
  Math.round(done / +secs));
process.exit(0);
