// The binding's own protocol handling, against test/fixtures/fake-serve.js
// (a stand-in for `acs serve --stdio` whose `code` is a command): out-of-order
// responses, split lines, cancel, errors, restart after death, ref/unref.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { FAKE_SERVE, client, runNode, TEST_DIR, waitFor } from './helpers.mjs';

process.env.AGENT_CODE_SANDBOX_ACS_PATH = FAKE_SERVE;
process.env.AGENT_CODE_SANDBOX_CACHE_DIR = '/tmp/acs-cache-for-test';
const { exec, SandboxError, SandboxConfigError } = await import('../index.mjs');
const { internal } = client();

test('a result comes back with every ExecResult field', async () => {
  const r = await exec({ code: 'echo:hello' });
  assert.deepEqual(r, {
    stdout: 'hello', stderr: '', exitCode: 0, timedOut: false, truncated: false, durationMs: 1.5, stoppedBy: null,
  });
});

test('the request carries the options as the protocol names them; the cache dir reaches the child', async () => {
  const ac = new AbortController();
  const r = await exec({
    code: 'request', workDir: '/tmp', readOnlyDirs: ['/data'], allowedPackages: [], allowedDomains: ['api.example.com'],
    env: { TOKEN: 'x' }, timeoutMs: 5000, memoryMb: 256, maxOutputBytes: 100000, signal: ac.signal,
  });
  const { request, cacheDir } = JSON.parse(r.stdout);
  assert.equal(typeof request.id, 'number');
  delete request.id;
  assert.deepEqual(request, {
    code: 'request', workDir: '/tmp', readOnlyDirs: ['/data'], allowedPackages: [], allowedDomains: ['api.example.com'],
    env: { TOKEN: 'x' }, timeoutMs: 5000, memoryMb: 256, maxOutputBytes: 100000,
  });
  assert.equal(cacheDir, '/tmp/acs-cache-for-test');
});

test('absent options are not sent', async () => {
  const r = await exec({ code: 'request', workDir: undefined, env: undefined });
  const { request } = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(request).sort(), ['code', 'id']);
});

test('one server serves every call', async () => {
  const a = await exec({ code: 'pid' });
  const b = await exec({ code: 'pid' });
  assert.equal(a.stdout, b.stdout);
  assert.equal(String(internal.serverPid()), a.stdout);
});

test('concurrent calls: responses in any order reach the right caller', async () => {
  const n = 60;
  const calls = Array.from({ length: n }, (_, i) => exec({ code: `sleep:${(i * 37) % 50}:call ${i}` }));
  assert.equal(internal.pendingCount(), n);
  const results = await Promise.all(calls);
  results.forEach((r, i) => assert.equal(r.stdout, `call ${i}`));
  assert.equal(internal.pendingCount(), 0);
});

test('a response split across writes and inside UTF-8 characters', async () => {
  const text = 'héllo → ✓ 😀 '.repeat(20);
  const r = await exec({ code: `split:${text}` });
  assert.equal(r.stdout, text);
});

test('abort sends cancel: the result is the stopped shape', async () => {
  const ac = new AbortController();
  const p = exec({ code: 'hang', signal: ac.signal });
  setTimeout(() => ac.abort(), 50);
  const r = await p;
  assert.equal(r.timedOut, true);
  assert.equal(r.exitCode, null);
  assert.equal(r.stoppedBy, 'signal');
});

test('abort after the result is harmless; other calls are untouched', async () => {
  const ac = new AbortController();
  const r = await exec({ code: 'echo:done', signal: ac.signal });
  ac.abort();
  assert.equal(r.stdout, 'done');
  const other = exec({ code: 'sleep:100:other' });
  const ac2 = new AbortController();
  const stopped = exec({ code: 'hang', signal: ac2.signal });
  ac2.abort();
  assert.equal((await stopped).stoppedBy, 'signal');
  assert.equal((await other).stdout, 'other');
});

test('one signal shared by several calls stops all of them', async () => {
  const ac = new AbortController();
  const ps = [1, 2, 3].map(() => exec({ code: 'hang', signal: ac.signal }));
  setTimeout(() => ac.abort(), 20);
  for (const r of await Promise.all(ps)) assert.equal(r.timedOut, true);
});

test('timeoutMs is the server\'s job: the result says so', async () => {
  const r = await exec({ code: 'hang', timeoutMs: 30 });
  assert.deepEqual([r.timedOut, r.exitCode, r.stoppedBy], [true, null, 'timeout']);
});

test('error responses map to the exported classes', async () => {
  await assert.rejects(exec({ code: 'config' }), (e) => {
    assert.ok(e instanceof SandboxConfigError);
    assert.match(e.message, /workDir '\/nope' does not exist/);
    return true;
  });
  await assert.rejects(exec({ code: 'env' }), (e) => {
    assert.ok(e instanceof SandboxError && !(e instanceof SandboxConfigError));
    assert.equal(e.message, 'server is busy');
    return true;
  });
});

test('a malformed result rejects that call only', async () => {
  const pid = internal.serverPid();
  await assert.rejects(exec({ code: 'malformed' }), /SandboxError|malformed response/);
  assert.equal((await exec({ code: 'echo:still here' })).stdout, 'still here');
  assert.equal(internal.serverPid(), pid);
});

test('a line that is not JSON: every call in flight rejects, the next call gets a new server', async () => {
  const pid = internal.serverPid();
  const waiting = exec({ code: 'hang' });
  const bad = exec({ code: 'garbage' });
  await assert.rejects(bad, (e) => e instanceof SandboxError && /not JSON: this is not json/.test(e.message));
  await assert.rejects(waiting, SandboxError);
  const r = await exec({ code: 'pid' });
  assert.notEqual(r.stdout, String(pid));
});

test('an error with id null is fatal too (no call would ever be answered)', async () => {
  await assert.rejects(exec({ code: 'idnull' }), /could not read a request: line 1: not a JSON object/);
  assert.equal((await exec({ code: 'echo:ok' })).stdout, 'ok');
});

test('the server dies: calls in flight reject with SandboxError, the next call restarts it', async () => {
  const pid = Number((await exec({ code: 'pid' })).stdout);
  const inFlight = exec({ code: 'hang' });
  const killer = exec({ code: 'die' });
  for (const p of [inFlight, killer]) {
    await assert.rejects(p, (e) => {
      assert.ok(e instanceof SandboxError);
      assert.match(e.message, /exited with status 3: fake-serve: dying on request/);
      return true;
    });
  }
  const pid2 = Number((await exec({ code: 'pid' })).stdout);
  assert.notEqual(pid2, pid);
});

test('the server is killed while idle: the next call starts a new one', async () => {
  const pid = Number((await exec({ code: 'pid' })).stdout);
  process.kill(pid, 'SIGKILL');
  await waitFor(() => internal.serverPid() === null);
  const pid2 = Number((await exec({ code: 'pid' })).stdout);
  assert.notEqual(pid2, pid);
});

test('the server is killed mid-call: SandboxError names the signal', async () => {
  const p = exec({ code: 'hang' });
  process.kill(internal.serverPid(), 'SIGKILL');
  await assert.rejects(p, /was killed by SIGKILL/);
  assert.equal((await exec({ code: 'echo:back' })).stdout, 'back');
});

test('a server that cannot start rejects with SandboxError', async () => {
  internal.shutdown();
  const saved = process.env.AGENT_CODE_SANDBOX_ACS_PATH;
  process.env.AGENT_CODE_SANDBOX_ACS_PATH = process.execPath; // node: `serve` is not a script
  try {
    await assert.rejects(exec({ code: 'echo:x' }), (e) => e instanceof SandboxError && /exited with status 1/.test(e.message));
  } finally {
    process.env.AGENT_CODE_SANDBOX_ACS_PATH = saved;
  }
  assert.equal((await exec({ code: 'echo:x' })).stdout, 'x');
});

test('ref while calls are pending, unref when idle', async () => {
  await exec({ code: 'echo:warm' });
  assert.equal(internal.isRefd(), false);
  const p = exec({ code: 'sleep:30:x' });
  assert.equal(internal.isRefd(), true);
  await p;
  assert.equal(internal.isRefd(), false);
});

const ONE = path.join(TEST_DIR, 'fixtures', 'one-exec.mjs');
const env = { AGENT_CODE_SANDBOX_ACS_PATH: FAKE_SERVE };

test('the process exits by itself while the server is idle', async () => {
  const r = await runNode([ONE, 'echo:bye'], { env });
  assert.equal(r.signal, null, `killed after ${r.ms} ms: ${r.stderr}`);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '"bye"\n');
  assert.ok(r.ms < 10000);
});

test('a pending call keeps the process alive until its result', async () => {
  const r = await runNode([ONE, 'sleep:400:late', '--nowait'], { env });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '"late"\n');
});

test('the process exits after the idle server was killed', async () => {
  const r = await runNode([ONE, 'echo:x', '--kill'], { env });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '"x"\n');
});
