// Container.session(): a shell whose state lasts between runs, over
// box.sessionNew/Run/Cancel/Dispose of `acs serve --stdio`. Expected
// output is what bash prints for the same lines.
import test from 'node:test';
import assert from 'node:assert/strict';
import { require, realServeMissing } from './helpers.mjs';

const missing = realServeMissing();
const skip = missing ? `needs a working acs serve: ${missing}` : false;
const { createContainer, SandboxError, SandboxConfigError } = require('../index.js');

test('the seed example: cd and export persist, each run its own output', { skip }, async () => {
  const box = await createContainer({ cwd: '/app' });
  try {
    const session = box.session();
    await session.run('cd /app');
    await session.run('export TOKEN=abc');
    const r = await session.run('echo $TOKEN in $(pwd)');
    assert.equal(r.stdout, 'abc in /app\n');
    assert.deepEqual(Object.keys(r).sort(), ['durationMs', 'exitCode', 'stderr', 'stdout', 'timedOut', 'truncated']);
    assert.equal(r.exitCode, 0);
    assert.equal(r.timedOut, false);
    assert.equal(typeof r.durationMs, 'number');
  } finally {
    await box.dispose();
  }
});

test('functions, aliases, plain variables, $? and options last; cwd() and env() leave $? alone', { skip }, async () => {
  const box = await createContainer();
  try {
    const s = box.session({ cwd: '/tmp', env: { GIVEN: 'g' } });
    assert.equal(await s.cwd(), '/tmp');
    await s.run('mkdir -p /w/d && cd /w/d; greet() { echo "hi $1"; }; plain=1; export EXP=e; alias ll="echo aliased"; set -u');
    const r = await s.run('greet you; echo $plain $EXP $GIVEN; ll');
    assert.equal(r.stdout, 'hi you\n1 e g\naliased\n');
    assert.equal(await s.cwd(), '/w/d');
    const env = await s.env();
    assert.equal(env.EXP, 'e');
    assert.equal(env.GIVEN, 'g');
    assert.equal(env.PWD, '/w/d');
    assert.equal(env.plain, undefined, 'a plain variable is not exported');
    assert.equal(Object.keys(env).some((k) => k.startsWith('__acs')), false);
    await s.run('(exit 7)');
    assert.equal(await s.cwd(), '/w/d');
    assert.equal((await s.run('echo $?')).stdout, '7\n');
    // as bash at a prompt: the line is given up (status 1), the shell goes on
    const u = await s.run('echo $nosuch; echo not reached');
    assert.equal(u.exitCode, 1);
    assert.equal(u.stdout, '');
    // worded as bash -c words it: the line named
    assert.equal(u.stderr, 'bash: line 1: nosuch: unbound variable\n');
    const q = await s.run('f() { echo in; echo ${z:?custom msg}; echo notin; }; f; echo after');
    // (bash -c names a function's line as 'environment: line 1:'; ours keeps its name)
    assert.deepEqual([q.stdout, q.stderr, q.exitCode], ['in\n', 'bash: line 1: z: custom msg\n', 1]);
    assert.equal((await s.run('echo $((nosuch2 + 1))')).exitCode, 1);
    assert.equal((await s.run('echo "alive $?"')).stdout, 'alive 1\n');
    // under set -e the shell must live on (a failing command would end it)
    await s.run('set +u; set -e; cd /tmp');
    assert.equal(await s.cwd(), '/tmp');
    assert.equal((await s.env()).EXP, 'e');
    assert.equal((await s.run('echo alive; set +e')).stdout, 'alive\n');
    // an exec() of the same box shares nothing of it
    assert.equal((await box.exec('pwd; echo "[$EXP]"')).stdout, '/root\n[]\n');
  } finally {
    await box.dispose();
  }
});

test('stderr and exit codes per run; errors do not end the session', { skip }, async () => {
  const box = await createContainer();
  try {
    const s = box.session();
    const a = await s.run('echo out; echo err >&2; exit_not_a_cmd');
    assert.equal(a.stdout, 'out\n');
    assert.match(a.stderr, /^err\n.*exit_not_a_cmd: command not found\n$/s);
    assert.equal(a.exitCode, 127);
    const b = await s.run('if then');
    assert.equal(b.exitCode, 2);
    assert.match(b.stderr, /syntax error/);
    assert.equal((await s.run('echo still')).stdout, 'still\n');
    // runs given at once wait for each other, in order
    const all = await Promise.all([1, 2, 3, 4].map((i) => s.run(`x=$((\${x:-0} + ${i})); echo $x`)));
    assert.deepEqual(all.map((r) => r.stdout), ['1\n', '3\n', '6\n', '10\n']);
  } finally {
    await box.dispose();
  }
});

test('a timeout or an abort stops the run, and the session goes on', { skip }, async () => {
  const box = await createContainer({ timeoutMs: 60000 });
  try {
    const s = box.session();
    await s.run('cd /tmp; K=kept');
    const t = await s.run('sleep 30; echo not reached', { timeoutMs: 300 });
    assert.equal(t.timedOut, true);
    assert.equal(t.exitCode, null);
    assert.equal(t.stdout, '');
    assert.ok(t.durationMs < 20000, `stopped after ${t.durationMs} ms`);
    assert.equal((await s.run('echo $K $(pwd)')).stdout, 'kept /tmp\n');
    const ac = new AbortController();
    const p = s.run('echo started; sleep 30', { signal: ac.signal, onStdout: (d) => { if (d.includes('started')) ac.abort(); } });
    const r = await p;
    assert.equal(r.timedOut, true);
    assert.equal(r.stdout, 'started\n');
    assert.equal((await s.run('echo $K')).stdout, 'kept\n');
  } finally {
    await box.dispose();
  }
});

test('output streams to onStdout/onStderr as it is written', { skip }, async () => {
  const box = await createContainer();
  try {
    const s = box.session();
    const out = [], err = [];
    const r = await s.run('echo one; echo two >&2; echo three', { onStdout: (d) => out.push(d), onStderr: (d) => err.push(d) });
    assert.equal(out.join(''), 'one\nthree\n');
    assert.equal(err.join(''), 'two\n');
    assert.equal(r.stdout, 'one\nthree\n');
  } finally {
    await box.dispose();
  }
});

test('user agent: the shell runs as agent in its home', { skip }, async () => {
  const box = await createContainer({ user: 'agent' });
  try {
    const s = box.session();
    const r = await s.run('id -un; cat /root/x 2>&1; echo $?');
    assert.equal(r.stdout.split('\n')[0], 'agent');
    assert.match(r.stdout, /Permission denied\n1\n$/);
    const root = box.session({ user: 'root' });
    assert.equal((await root.run('id -u')).stdout, '0\n');
  } finally {
    await box.dispose();
  }
});

test('exit ends the session; dispose twice is fine; later runs say what to do', { skip }, async () => {
  const box = await createContainer();
  try {
    const s = box.session();
    const e = await s.run('exit 3');
    assert.equal(e.exitCode, 3);
    await assert.rejects(s.run('echo x'), (err) => err instanceof SandboxConfigError && /exited \(status 3\): start a new session/.test(err.message));
    const d = box.session();
    await d.run('true');
    await d.dispose();
    await d.dispose();
    await assert.rejects(d.run('echo x'), (err) => err instanceof SandboxError && /disposed.*session\(\)/.test(err.message));
    // a session never run costs nothing to dispose
    await box.session().dispose();
  } finally {
    await box.dispose();
  }
  assert.throws(() => box.session(), SandboxError);
});

test('bad arguments are SandboxConfigErrors naming them', { skip }, async () => {
  const box = await createContainer();
  try {
    assert.throws(() => box.session({ cwd: 'rel' }), (e) => e instanceof SandboxConfigError && /cwd/.test(e.message));
    assert.throws(() => box.session({ user: 'bob' }), (e) => e instanceof SandboxConfigError && /user/.test(e.message));
    assert.throws(() => box.session({ shell: 'zsh' }), (e) => e instanceof SandboxConfigError && /unknown option 'shell'/.test(e.message));
    await assert.rejects(box.session().run(42), SandboxConfigError);
    await assert.rejects(box.session().run('x', { timeoutMs: -1 }), (e) => e instanceof SandboxConfigError && /timeoutMs/.test(e.message));
    await assert.rejects(box.session({ cwd: '/nope' }).run('true'), (e) => /\/nope/.test(e.message));
  } finally {
    await box.dispose();
  }
});

test('restore() ends the container\'s sessions, saying so', { skip }, async () => {
  const box = await createContainer();
  try {
    const s = box.session();
    await s.run('cd /tmp');
    const snap = await box.snapshot();
    await box.restore(snap);
    await assert.rejects(s.run('pwd'), (e) => e instanceof SandboxError && /restored/.test(e.message));
    assert.equal((await box.session().run('echo new')).stdout, 'new\n');
  } finally {
    await box.dispose();
  }
});
