// bench/box/api.mjs - the container API from Node (issue 24's goals):
// createContainer() to the first exec("true") result, exec("echo hi") on a
// warm box, snapshot() and restore() of a box holding 1000 files / 10 MB
// (and the snapshot's size beside tar's of the same tree), and the memory
// of 100 idle boxes. p50 and min of N runs.
import { createContainer } from '../../bindings/node/index.js';

const N = Number(process.env.N || 30);
const p50 = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(2)} ms`;
// the minimum too: on a shared machine the median carries the others' load
const both = (xs) => `p50 ${ms(p50(xs))}, min ${ms(Math.min(...xs))}`;

// the shared acs serve child starts once, outside the figures
await (await createContainer()).dispose();

const first = [];
for (let i = 0; i < N; i++) {
  const t0 = performance.now();
  const box = await createContainer();
  await box.exec('true');
  first.push(performance.now() - t0);
  await box.dispose();
}
console.log(`createContainer -> first exec("true"): ${both(first)} (goal <= 10 ms)`);

const box = await createContainer();
await box.exec('true');
const echo = [];
for (let i = 0; i < N * 3; i++) {
  const t0 = performance.now();
  await box.exec('echo hi');
  echo.push(performance.now() - t0);
}
console.log(`exec("echo hi") on a warm box: ${both(echo)} (goal <= 2 ms)`);

const files = {};
const chunk = Buffer.alloc(10 * 1024, 'x');
for (let i = 0; i < 1000; i++) files[`/data/d${i % 20}/f${i}.txt`] = chunk;
const big = await createContainer({ files, memory: 512 });
const snaps = [], rests = [];
let snap;
for (let i = 0; i < 10; i++) {
  let t0 = performance.now();
  snap = await big.snapshot();
  snaps.push(performance.now() - t0);
  t0 = performance.now();
  await big.restore(snap);
  rests.push(performance.now() - t0);
}
const tar = await big.exec('tar cf - /data 2>/dev/null | wc -c');
console.log(`snapshot() of 1000 files / 10 MB: ${both(snaps)} (goal <= 30 ms); ${snap.length} bytes, tar of /data ${tar.stdout.trim()} bytes`);
console.log(`restore() of it: ${both(rests)} (goal <= 30 ms)`);
await big.dispose();
await box.dispose();

// 100 idle boxes: the memory of the serve child and every process under it
// (kernels, zygotes), as PSS (shared pages split among their users), plus
// this Node process's growth.
{
  const fs = await import('node:fs');
  const { internal } = await import('../../bindings/node/lib/client.js');
  const pss = (pid) => {
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      return m ? Number(m[1]) * 1024 : 0;
    } catch { return 0; }
  };
  const tree = (root) => {
    const kids = new Map();
    for (const d of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const st = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[1]);
        if (!kids.has(ppid)) kids.set(ppid, []);
        kids.get(ppid).push(Number(d));
      } catch { /* gone */ }
    }
    const all = [];
    const walk = (p) => { all.push(p); for (const c of kids.get(p) || []) walk(c); };
    walk(root);
    return all;
  };
  const rss0 = process.memoryUsage().rss;
  const boxes = [];
  for (let i = 0; i < 100; i++) boxes.push(await createContainer());
  await Promise.all(boxes.map((b) => b.exec('true')));
  const pids = tree(internal.serverPid());
  const total = pids.reduce((s, p) => s + pss(p), 0);
  const node = process.memoryUsage().rss - rss0;
  console.log(`100 idle boxes: ${(total / 2 ** 20).toFixed(1)} MB PSS in ${pids.length} processes under acs serve, Node grew ${(node / 2 ** 20).toFixed(1)} MB (goal <= 300 MB in total)`);
  await Promise.all(boxes.map((b) => b.dispose()));
}
