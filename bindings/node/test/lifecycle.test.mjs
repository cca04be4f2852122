// Boxes' lifecycles and faults against the real `acs serve --stdio`: a
// thousand boxes made, used and disposed in one host process leave no
// descriptors, memory or processes behind; a box whose kernel is killed
// answers every call with a SandboxError and leaves no process, and the
// next box works; a host process killed takes all its boxes with it.
// (Limits, not timings: every wait has a wide margin.)
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { require, realServeMissing, PACKAGE_DIR } from './helpers.mjs';

const missing = realServeMissing();
const skip = missing ? `needs a working acs serve: ${missing}` : false;
const { createContainer, SandboxError } = require('../index.js');

const read = (p) => { try { return fs.readFileSync(p, 'utf8'); } catch { return ''; } };
const childrenOf = (pid) => read(`/proc/${pid}/task/${pid}/children`).split(' ').filter(Boolean).map(Number);
function descendants(pid) {
  const out = [];
  for (const c of childrenOf(pid)) out.push(c, ...descendants(c));
  return out;
}
const alive = (pid) => { const s = read(`/proc/${pid}/stat`); return s !== '' && !/^\d+ \(.*\) Z/.test(s); };
const fdCount = (pid) => { try { return fs.readdirSync(`/proc/${pid}/fd`).length; } catch { return -1; } };
const rssKb = (pid) => Number((read(`/proc/${pid}/status`).match(/VmRSS:\s+(\d+)/) || [])[1] || 0);
/** The `acs serve --stdio` child of this process. */
function servePid() {
  const p = childrenOf(process.pid).find((c) => read(`/proc/${c}/cmdline`).split('\0').includes('serve'));
  assert.ok(p, 'the acs serve child of this process');
  return p;
}
async function until(cond, ms = 10000) {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (cond()) return true; await new Promise((r) => setTimeout(r, 25)); }
  return cond();
}

test('1000 box lifecycles in one host process: no growth in descriptors, memory or processes', { skip, timeout: 600000 }, async (t) => {
  const cycle = async (i) => {
    const box = await createContainer({ files: { '/tmp/i': String(i) } });
    const r = await box.exec('cat /tmp/i; echo x > /tmp/o; node -e "process.stdout.write(\'n\')"');
    assert.equal(r.stdout, `${i}n`);
    await box.dispose();
  };
  for (let i = 0; i < 50; i++) await cycle(i); // warm: caches, pools, the engine
  const serve = servePid();
  await until(() => descendants(serve).length === 0);
  const base = { fds: fdCount(process.pid), serveFds: fdCount(serve), rss: rssKb(serve) };
  for (let i = 50; i < 1000; i++) await cycle(i);
  await until(() => descendants(serve).length === 0);
  const now = { fds: fdCount(process.pid), serveFds: fdCount(serve), rss: rssKb(serve) };
  t.diagnostic(`after boxes 50 and 1000: host fds ${base.fds} -> ${now.fds}, acs serve fds ${base.serveFds} -> ${now.serveFds}, RSS ${base.rss} -> ${now.rss} kB`);
  assert.deepEqual(descendants(serve), [], 'no box process is left under acs serve');
  assert.ok(now.fds <= base.fds + 2, `host process descriptors ${base.fds} -> ${now.fds}`);
  assert.ok(now.serveFds <= base.serveFds + 2, `acs serve descriptors ${base.serveFds} -> ${now.serveFds}`);
  // 950 boxes: a leak of 16 kB each would be 15 MB. An ASan build keeps
  // freed memory in quarantine (256 MB by default) and finds leaks itself.
  const asan = read(`/proc/${serve}/maps`).includes('libasan');
  assert.ok(now.rss - base.rss < (asan ? 300 : 16) * 1024, `acs serve RSS ${base.rss} kB -> ${now.rss} kB${asan ? ' (ASan)' : ''}`);
});

test('the kernel killed mid-run: every call is a SandboxError, no process of the box is left, the next box works', { skip, timeout: 120000 }, async () => {
  await (await createContainer()).dispose(); // acs serve runs
  const serve = servePid();
  const box = await createContainer();
  const p = box.spawn('sleep 100');
  const long = box.exec('sleep 100; echo never');
  // its kernel: the child of acs serve whose tree holds the two programs
  // (not "the child that is new": the first box's kernel may still be
  // going, or another made ahead, when the children are listed)
  let kernel;
  await until(() => (kernel = childrenOf(serve).find((c) => descendants(c).length >= 3)) !== undefined);
  assert.ok(kernel, 'the new box has a kernel process under acs serve, with its programs under it');
  const procs = descendants(kernel);
  process.kill(kernel, 'SIGKILL');
  await assert.rejects(long, (e) => e instanceof SandboxError && /kernel|box/i.test(e.message));
  const exited = await p.exited.then((v) => v, (e) => e);
  // the spawned program died with its kernel: killed, as SIGKILL would say
  assert.ok(exited === 137 || exited instanceof SandboxError, `the spawned process ends: ${exited}`);
  for (const call of [() => box.exec('echo hi'), () => box.fs.readFile('/etc/hostname', 'utf8'), () => box.fs.writeFile('/tmp/x', 'y'),
    () => box.snapshot(), () => box.run(['true'])])
    await assert.rejects(call(), (e) => e instanceof SandboxError);
  assert.ok(await until(() => [kernel, ...procs].every((q) => !alive(q))), `processes left: ${[kernel, ...procs].filter(alive)}`);
  await box.dispose(); // idempotent, and harmless on a dead box
  const next = await createContainer();
  try { assert.equal((await next.exec('echo ok')).stdout, 'ok\n'); } finally { await next.dispose(); }
});

test('the host process killed: all its boxes\' processes are gone', { skip, timeout: 120000 }, async (t) => {
  const script = `
    const { createContainer } = require(${JSON.stringify(PACKAGE_DIR)});
    (async () => {
      const a = await createContainer(), b = await createContainer();
      a.spawn('sleep 100'); b.spawn('node -e "setInterval(() => {}, 1000)"');
      await new Promise((r) => setTimeout(r, 500));
      console.log('ready');
    })();`;
  const host = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  await new Promise((r) => host.stdout.on('data', (d) => String(d).includes('ready') && r()));
  const serve = childrenOf(host.pid).find((c) => read(`/proc/${c}/cmdline`).split('\0').includes('serve'));
  assert.ok(serve, 'the host process runs acs serve');
  await until(() => descendants(serve).length >= 6);
  const procs = [serve, ...descendants(serve)];
  assert.ok(procs.length >= 7, `kernels, zygotes and programs: ${procs.length}`);
  host.kill('SIGKILL');
  const t0 = Date.now();
  assert.ok(await until(() => procs.every((q) => !alive(q)), 10000), `left after 10 s: ${procs.filter(alive)}`);
  t.diagnostic(`all ${procs.length} processes gone ${Date.now() - t0} ms after the host process was killed`);
});
