// serve.mjs ACS [N] - exec latency through `acs serve --stdio`: N runs of
// console.log(1) one after another, then two at a time; p50/p99 and
// runs/s. Next to it, what one `deno eval` per run costs (the seed's
// Deno-backed design spawns a process per exec).
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { performance } from "node:perf_hooks";

const [acs, nArg, deno] = process.argv.slice(2);
const N = Number(nArg || 2000);
const child = spawn(acs, ["serve", "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
const waiting = new Map();
createInterface({ input: child.stdout }).on("line", (line) => {
  const msg = JSON.parse(line);
  const done = waiting.get(msg.id);
  waiting.delete(msg.id);
  done(msg);
});
let nextId = 1;
function run(code) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const t = performance.now();
    waiting.set(id, (msg) => {
      if (!msg.result || msg.result.stdout !== "1\n") reject(new Error(JSON.stringify(msg)));
      else resolve(performance.now() - t);
    });
    child.stdin.write(JSON.stringify({ id, code }) + "\n");
  });
}
const pct = (a, p) => a.slice().sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))];
async function series(conc) {
  const lat = [];
  let left = N;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => {
    while (left-- > 0) lat.push(await run("console.log(1)"));
  }));
  const s = (performance.now() - t0) / 1000;
  console.log(`serve c=${conc}: p50 ${pct(lat, 0.5).toFixed(2)} ms  p99 ${pct(lat, 0.99).toFixed(2)} ms  ${Math.round(N / s)} runs/s`);
}
for (let i = 0; i < 20; i++) await run("console.log(1)"); // warm the pool
await series(1);
await series(2);
// paced: one run every 20 ms, so that the pool is refilled between runs
{
  const lat = [];
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 20));
    lat.push(await run("console.log(1)"));
  }
  console.log(`serve paced (20 ms apart): p50 ${pct(lat, 0.5).toFixed(2)} ms  p99 ${pct(lat, 0.99).toFixed(2)} ms`);
}
// Idle memory: what each process has of its own (Private_Dirty of
// smaps_rollup: pages it wrote that no other process shares) and its Pss
// (shared pages split among the processes that map them), for the zygote
// and the ready workers, once the pool has refilled.
{
  const { readFileSync, readdirSync } = await import("node:fs");
  await new Promise((r) => setTimeout(r, 500));
  const kids = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).filter((d) => {
    try { return readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1].split(" ")[1] === String(child.pid); } catch { return false; }
  }).map(Number).sort((a, b) => a - b);
  const kb = (pid, field) => Number((readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+)`, "m")) || [])[1]);
  for (const [i, pid] of kids.entries()) {
    const role = kids.length > 2 && i === 0 ? "zygote" : "ready worker";
    console.log(`idle ${role} ${pid}: private ${(kb(pid, "Private_Dirty") / 1024).toFixed(2)} MB, pss ${(kb(pid, "Pss") / 1024).toFixed(2)} MB, rss ${(kb(pid, "Rss") / 1024).toFixed(2)} MB`);
  }
}
child.stdin.end();
if (deno) {
  const lat = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    spawnSync(deno, ["eval", "console.log(1)"]);
    lat.push(performance.now() - t);
  }
  console.log(`deno eval per run: p50 ${pct(lat, 0.5).toFixed(2)} ms`);
}
