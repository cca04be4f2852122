// The binding against the real `acs serve --stdio`: errors from the server,
// abort, concurrency, restart after the server is killed, and a process
// that exits while the server is idle.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { REAL_ACS, TEST_DIR, client, realServeMissing, runNode, tmpDir, waitFor } from './helpers.mjs';

process.env.AGENT_CODE_SANDBOX_ACS_PATH = REAL_ACS;
const missing = realServeMissing();
const skip = missing ? `needs a working acs serve: ${missing}` : false;
const { exec, SandboxConfigError, SandboxError } = await import('../index.mjs');
const { internal } = client();

test('SandboxConfigError from the server: workDir does not exist', { skip }, async () => {
  const dir = path.join(tmpDir(), 'not-created');
  await assert.rejects(exec({ entrypoint: 'main.ts', workDir: dir }), (e) => {
    assert.ok(e instanceof SandboxConfigError, `${e.name}: ${e.message}`);
    assert.ok(e.message.includes(dir), e.message);
    return true;
  });
  await assert.rejects(exec({ code: '1', allowedDomains: ['bad domain!'] }), SandboxConfigError);
  // The server is still there for the next call.
  assert.equal((await exec({ code: 'console.log("next")' })).stdout, 'next\n');
});

test('signal: abort stops a busy loop and an idle wait', { skip }, async () => {
  for (const code of ['for (;;) {}', 'await new Promise((r) => setTimeout(r, 60000))']) {
    const ac = new AbortController();
    const t0 = Date.now();
    setTimeout(() => ac.abort(), 200);
    const r = await exec({ code, signal: ac.signal });
    assert.equal(r.timedOut, true);
    assert.equal(r.exitCode, null);
    assert.equal(r.stoppedBy, 'signal');
    assert.ok(Date.now() - t0 < 10000);
  }
});

test('signal: AbortSignal.timeout works as a signal', { skip }, async () => {
  const r = await exec({ code: 'for (;;) {}', signal: AbortSignal.timeout(150) });
  assert.deepEqual([r.timedOut, r.exitCode, r.stoppedBy], [true, null, 'signal']);
});

test('signal: aborting one call leaves the others alone', { skip }, async () => {
  const ac = new AbortController();
  const stopped = exec({ code: 'for (;;) {}', signal: ac.signal });
  const normal = exec({ code: 'await new Promise((r) => setTimeout(r, 300)); console.log("fine")' });
  setTimeout(() => ac.abort(), 100);
  assert.equal((await stopped).stoppedBy, 'signal');
  const r = await normal;
  assert.equal(r.stdout, 'fine\n');
  assert.equal(r.timedOut, false);
});

test('concurrent execs share one server and each get their own result', { skip }, async () => {
  const n = 24;
  const results = await Promise.all(Array.from({ length: n }, (_, i) => exec({
    code: `await new Promise((r) => setTimeout(r, ${(i * 17) % 100})); console.log(process.env.N * 2)`,
    env: { N: String(i) },
  })));
  results.forEach((r, i) => {
    assert.equal(r.exitCode, 0, r.stderr);
    assert.equal(r.stdout, `${i * 2}\n`);
  });
});

test('the server restarts after being killed', { skip }, async () => {
  await exec({ code: '1' });
  const pid = internal.serverPid();
  assert.ok(pid > 0);
  // Killed while a call is in flight: that call rejects with SandboxError.
  // (A run that ends by itself: a worker whose server is SIGKILLed may
  // outlive it, see the report.)
  const inFlight = exec({ code: 'await new Promise((r) => setTimeout(r, 1500))' });
  await new Promise((r) => setTimeout(r, 100));
  process.kill(pid, 'SIGKILL');
  await assert.rejects(inFlight, (e) => e instanceof SandboxError && /killed by SIGKILL/.test(e.message));
  // The next call starts a new server.
  const r = await exec({ code: 'console.log("again")' });
  assert.equal(r.stdout, 'again\n');
  assert.notEqual(internal.serverPid(), pid);
  // Killed while idle: the next call starts a new one too.
  const pid2 = internal.serverPid();
  process.kill(pid2, 'SIGKILL');
  await waitFor(() => internal.serverPid() === null);
  assert.equal((await exec({ code: 'console.log(3)' })).stdout, '3\n');
});

const ONE = path.join(TEST_DIR, 'fixtures', 'one-exec.mjs');

test('the process exits promptly after one exec, the server being idle', { skip }, async () => {
  const r = await runNode([ONE, 'console.log(2 ** 10)'], { env: { AGENT_CODE_SANDBOX_ACS_PATH: REAL_ACS } });
  assert.equal(r.signal, null, `had to be killed after ${r.ms} ms`);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '"1024\\n"\n');
  assert.ok(r.ms < 5000, `took ${r.ms} ms`);
});

test('a call in flight keeps the process alive until it ends', { skip }, async () => {
  const r = await runNode([ONE, 'await new Promise((r) => setTimeout(r, 500)); console.log("late")', '--nowait'],
    { env: { AGENT_CODE_SANDBOX_ACS_PATH: REAL_ACS } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '"late\\n"\n');
});

test('AGENT_CODE_SANDBOX_CACHE_DIR reaches acs as ACS_CACHE_DIR (not the guest)', { skip }, async () => {
  // The guest never sees it; what we can check is that runs still work with it set.
  const r = await runNode([ONE, 'console.log(process.env.ACS_CACHE_DIR)'],
    { env: { AGENT_CODE_SANDBOX_ACS_PATH: REAL_ACS, AGENT_CODE_SANDBOX_CACHE_DIR: tmpDir('cache-') } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '"undefined\\n"\n');
});
