// exec.mjs [ACS] [N] - latency of exec() from the Node binding
// (bindings/node), which talks to one shared `acs serve --stdio`: N execs
// of console.log(1) one after another, then two at a time; p50/p99 per
// exec and execs/s. ACS defaults to $AGENT_CODE_SANDBOX_ACS_PATH, else the
// binding's own lookup (the repository's build/acs).
import { performance } from "node:perf_hooks";

const [acs, nArg] = process.argv.slice(2);
if (acs) process.env.AGENT_CODE_SANDBOX_ACS_PATH = acs;
const N = Number(nArg || 2000);
const { exec } = await import("../../bindings/node/index.mjs");

async function one() {
  const t = performance.now();
  const r = await exec({ code: "console.log(1)" });
  if (r.stdout !== "1\n" || r.exitCode !== 0) throw new Error(`unexpected result: ${JSON.stringify(r)}`);
  return performance.now() - t;
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
async function series(conc) {
  const lat = [];
  let left = N;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => {
    while (left-- > 0) lat.push(await one());
  }));
  const s = (performance.now() - t0) / 1000;
  lat.sort((x, y) => x - y);
  console.log(`exec() c=${conc}: p50 ${pct(lat, 0.5).toFixed(2)} ms  p99 ${pct(lat, 0.99).toFixed(2)} ms  ${Math.round(N / s)} execs/s`);
}
for (let i = 0; i < 20; i++) await one(); // start the server, warm its pool
await series(1);
await series(2);
// The server is unref'd when idle: the process ends here by itself.
