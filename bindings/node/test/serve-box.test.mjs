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
