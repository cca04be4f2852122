// The box methods of `acs serve --stdio` spoken directly (docs/protocol.md
// "Boxes"): refusals that name what is wrong, events before the exit, and
// boxes disposed when the client's input ends.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { REAL_ACS, realServeMissing } from './helpers.mjs';

const missing = realServeMissing();
const skip = missing ? `needs a working acs serve: ${missing}` : false;

function serve() {
  const child = spawn(REAL_ACS, ['serve', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  const waiters = [];
  let buf = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => {
    buf += d;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const m = JSON.parse(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
      lines.push(m);
      for (const w of waiters.splice(0)) w();
    }
  });
  let id = 0;
  const until = async (pred) => {
    for (;;) {
      const m = lines.find(pred);
      if (m) return m;
      await new Promise((r) => waiters.push(r));
    }
  };
  return {
    child, lines,
    send: (o) => child.stdin.write(JSON.stringify(o) + '\n'),
    call: async (o) => { const i = ++id; child.stdin.write(JSON.stringify({ id: i, ...o }) + '\n'); return until((m) => m.id === i && !m.event); },
    until,
  };
}

test('refusals name the method, the field and what to do', { skip }, async () => {
  const s = serve();
  try {
    let r = await s.call({ method: 'box.nope', box: 1 });
    assert.match(r.error.message, /no box/);
    const { box } = (await s.call({ method: 'box.create' })).result;
    r = await s.call({ method: 'box.nope', box });
    assert.equal(r.error.type, 'SandboxConfigError');
    assert.match(r.error.message, /unknown method 'box.nope'.*box.exec/);
    r = await s.call({ method: 'box.exec', box });
    assert.match(r.error.message, /exactly one of 'command' and 'argv'/);
    r = await s.call({ method: 'box.exec', box, command: 'true', timeoutMs: -1 });
    assert.match(r.error.message, /'timeoutMs' must be a whole number/);
    r = await s.call({ method: 'box.fs', box, op: 'writeFile', path: '/x', data: '!!!' });
    assert.match(r.error.message, /not base64/);
    r = await s.call({ method: 'box.fs', box, op: 'frobnicate', path: '/x' });
    assert.match(r.error.message, /unknown op 'frobnicate'/);
    r = await s.call({ method: 'box.fs', box, op: 'readFile', path: '/etc' });
    assert.equal(r.error.code, 'EISDIR');
    r = await s.call({ method: 'box.stdin', box, proc: 999, data: '' });
    assert.match(r.error.message, /process 999 has ended/);
    r = await s.call({ method: 'box.create', hostname: 'bad name!' });
    assert.equal(r.error.type, 'SandboxConfigError');
    assert.match(r.error.message, /host name/);
    assert.deepEqual((await s.call({ method: 'box.dispose', box })).result, {});
    r = await s.call({ method: 'box.exec', box, command: 'true' });
    assert.match(r.error.message, /disposed/);
  } finally {
    s.child.kill();
  }
});

test('a spawned program: its answer, then its output, then its exit', { skip }, async () => {
  const s = serve();
  try {
    const { box } = (await s.call({ method: 'box.create' })).result;
    const r = await s.call({ method: 'box.spawn', box, command: 'echo one; echo two >&2; exit 4' });
    const { proc } = r.result;
    const exit = await s.until((m) => m.event === 'exit' && m.proc === proc);
    assert.equal(exit.exitCode, 4);
    const mine = s.lines.filter((m) => m.proc === proc || m.id === r.id);
    assert.equal(mine[0].id, r.id, 'the answer comes first');
    assert.equal(mine.at(-1).event, 'exit');
    const text = (name) => mine.filter((m) => m.stream === name).map((m) => Buffer.from(m.data, 'base64').toString()).join('');
    assert.equal(text('stdout'), 'one\n');
    assert.equal(text('stderr'), 'two\n');
  } finally {
    s.child.kill();
  }
});

test('when stdin ends, requests in flight answer, then boxes and their programs go', { skip }, async () => {
  const s = serve();
  const { box } = (await s.call({ method: 'box.create' })).result;
  await s.call({ method: 'box.spawn', box, command: 'sleep 600' });
  s.send({ id: 'last', method: 'box.exec', box, command: 'sleep 0.2; echo answered' });
  s.child.stdin.end();
  const t0 = Date.now();
  const code = await new Promise((r) => s.child.on('exit', r));
  assert.equal(code, 0);
  assert.ok(Date.now() - t0 < 30000);
  const last = s.lines.find((m) => m.id === 'last');
  assert.equal(last.result.stdout, 'answered\n');
  assert.ok(s.lines.some((m) => m.event === 'exit'), 'the spawned program ended with its box');
});

test('box.session*: state between runs, one run at a time, cancel, dispose, refusals', { skip }, async () => {
  const s = serve();
  try {
    const { box } = (await s.call({ method: 'box.create' })).result;
    let r = await s.call({ method: 'box.sessionNew', box, cwd: '/tmp', env: { A: '1' } });
    const { session } = r.result;
    assert.ok(Number.isInteger(session));
    r = await s.call({ method: 'box.sessionRun', box, session, command: 'cd /etc; B=2' });
    assert.equal(r.result.exitCode, 0);
    assert.equal(r.result.alive, true);
    r = await s.call({ method: 'box.sessionRun', box, session, command: 'echo $A $B $(pwd)' });
    assert.equal(r.result.stdout, '1 2 /etc\n');
    // a second run while one is in flight is refused; the first goes on
    s.send({ id: 'long', method: 'box.sessionRun', box, session, command: 'sleep 0.5; echo long' });
    await new Promise((res) => setTimeout(res, 100));
    r = await s.call({ method: 'box.sessionRun', box, session, command: 'echo second' });
    assert.equal(r.error.type, 'SandboxConfigError');
    assert.match(r.error.message, /one script at a time: wait for the run in progress to end, or cancel it/);
    assert.equal((await s.until((m) => m.id === 'long')).result.stdout, 'long\n');
    // cancel stops the foreground job
    s.send({ id: 'slow', method: 'box.sessionRun', box, session, command: 'sleep 60' });
    await new Promise((res) => setTimeout(res, 200));
    assert.deepEqual((await s.call({ method: 'box.sessionCancel', box, session })).result, {});
    const slow = await s.until((m) => m.id === 'slow');
    assert.equal(slow.result.timedOut, true);
    assert.equal(slow.result.stoppedBy, 'signal');
    assert.equal(slow.result.exitCode, null);
    // streamed output comes before the answer
    r = await s.call({ method: 'box.sessionRun', box, session, command: 'echo streamed', stream: true });
    const ev = s.lines.find((m) => m.id === r.id && m.event === 'output');
    assert.equal(Buffer.from(ev.data, 'base64').toString(), 'streamed\n');
    // refusals
    r = await s.call({ method: 'box.sessionRun', box, session });
    assert.match(r.error.message, /'command' must be a string/);
    r = await s.call({ method: 'box.sessionRun', box, session: 999, command: 'true' });
    assert.match(r.error.message, /no session 999 .*box.sessionNew/);
    r = await s.call({ method: 'box.sessionNew', box, user: 'bob' });
    assert.equal(r.error.type, 'SandboxConfigError');
    r = await s.call({ method: 'box.sessionNew', box, env: { A: 1 } });
    assert.match(r.error.message, /env 'A' must be a string/);
    // exit: alive false, later runs refused
    const other = (await s.call({ method: 'box.sessionNew', box })).result.session;
    r = await s.call({ method: 'box.sessionRun', box, session: other, command: 'exit 5' });
    assert.equal(r.result.exitCode, 5);
    assert.equal(r.result.alive, false);
    r = await s.call({ method: 'box.sessionRun', box, session: other, command: 'true' });
    assert.match(r.error.message, /exited \(status 5\)/);
    // dispose twice; then it is gone
    assert.deepEqual((await s.call({ method: 'box.sessionDispose', box, session })).result, {});
    assert.deepEqual((await s.call({ method: 'box.sessionDispose', box, session })).result, {});
    r = await s.call({ method: 'box.sessionRun', box, session, command: 'true' });
    assert.match(r.error.message, /no session/);
    // another box's session is not this box's
    const box2 = (await s.call({ method: 'box.create' })).result.box;
    const s2 = (await s.call({ method: 'box.sessionNew', box: box2 })).result.session;
    r = await s.call({ method: 'box.sessionRun', box, session: s2, command: 'true' });
    assert.match(r.error.message, /no session/);
  } finally {
    s.child.kill();
  }
});

test('box.dispose ends a session in the middle of a run; the run answers', { skip }, async () => {
  const s = serve();
  try {
    const { box } = (await s.call({ method: 'box.create' })).result;
    const { session } = (await s.call({ method: 'box.sessionNew', box })).result;
    s.send({ id: 'run', method: 'box.sessionRun', box, session, command: 'sleep 600' });
    await new Promise((res) => setTimeout(res, 200));
    const t0 = Date.now();
    assert.deepEqual((await s.call({ method: 'box.dispose', box })).result, {});
    const run = await s.until((m) => m.id === 'run');
    assert.ok(run.result || run.error);
    assert.ok(Date.now() - t0 < 30000, `disposed after ${Date.now() - t0} ms`);
    const r = await s.call({ method: 'box.sessionRun', box, session, command: 'true' });
    assert.match(r.error.message, /no box/);
  } finally {
    s.child.kill();
  }
});
