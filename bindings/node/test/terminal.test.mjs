// Terminals: `acs serve`'s box.terminal methods spoken directly
// (docs/protocol.md), then the binding's Terminal as xterm.js uses it
// (write, input, resize, start, dispose). The box's real shell runs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { REAL_ACS, realServeMissing } from './helpers.mjs';
import { createContainer, Container, Terminal, SandboxConfigError } from '../index.mjs';

const missing = realServeMissing();
const skip = missing ? `needs a working acs serve: ${missing}` : false;
const WAIT = 20000; // wide: a loaded machine

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
      lines.push(JSON.parse(buf.slice(0, nl)));
      buf = buf.slice(nl + 1);
      for (const w of waiters.splice(0)) w();
    }
  });
  let id = 0;
  const until = async (pred, what) => {
    const end = Date.now() + WAIT;
    for (;;) {
      const m = lines.find(pred);
      if (m) return m;
      if (Date.now() > end) throw new Error(`no ${what} within ${WAIT} ms; lines: ${JSON.stringify(lines).slice(-2000)}`);
      await new Promise((r) => { waiters.push(r); setTimeout(r, 200); });
    }
  };
  return {
    child, lines, until,
    call: async (o) => { const i = ++id; child.stdin.write(JSON.stringify({ id: i, ...o }) + '\n'); return until((m) => m.id === i && !m.event, `answer to ${o.method}`); },
  };
}

const b64 = (s) => Buffer.from(s).toString('base64');
const screenOf = (lines, box, term) => Buffer.concat(lines.filter((m) => m.event === 'output' && m.box === box && m.term === term)
  .map((m) => Buffer.from(m.data, 'base64'))).toString('utf8');

test('box.terminal: typed lines run, a resize is what stty reports, close hangs up', { skip }, async () => {
  const s = serve();
  try {
    const { box } = (await s.call({ method: 'box.create' })).result;
    const r = (await s.call({ method: 'box.terminal', box, columns: 100, rows: 30 })).result;
    assert.ok(r.term > 0 && r.pid > 0, JSON.stringify(r));
    const { term } = r;
    const screen = () => screenOf(s.lines, box, term);
    assert.deepEqual((await s.call({ method: 'box.terminalInput', box, term, data: b64('echo hi-$((6*7)); stty size; echo $TERM\r') })).result, {});
    await s.until(() => /hi-42\r\n30 100\r\nxterm-256color\r\n/.test(screen()), 'hi-42 and 30 100');
    assert.deepEqual((await s.call({ method: 'box.terminalResize', box, term, columns: 132, rows: 50 })).result, {});
    await s.call({ method: 'box.terminalInput', box, term, data: b64('stty size\r') });
    await s.until(() => screen().includes('50 132\r\n'), '50 132');
    // other methods go on while the terminal is open
    const e = (await s.call({ method: 'box.exec', box, command: 'echo side' })).result;
    assert.equal(e.stdout, 'side\n');
    assert.deepEqual((await s.call({ method: 'box.terminalClose', box, term })).result, {});
    const exit = await s.until((m) => m.event === 'exit' && m.term === term, 'the exit event');
    assert.equal(exit.box, box);
    assert.equal(exit.exitCode, 129); // SIGHUP
    // nothing of it after its exit
    const after = s.lines.indexOf(exit);
    assert.equal(s.lines.slice(after + 1).filter((m) => m.term === term).length, 0);
    const late = await s.call({ method: 'box.terminalInput', box, term, data: b64('x') });
    assert.match(late.error.message, /terminal \d+ has ended.*box.terminal/);
  } finally {
    s.child.kill();
  }
});

test('box.terminal: the exit status, the refusals, and a disposed box ends its terminals', { skip }, async () => {
  const s = serve();
  try {
    const { box } = (await s.call({ method: 'box.create' })).result;
    let r = await s.call({ method: 'box.terminal', box, columns: 0 });
    assert.equal(r.error.type, 'SandboxConfigError');
    assert.match(r.error.message, /'columns' must be a whole number from 1 to 1000/);
    r = await s.call({ method: 'box.terminal', box, argv: ['bash'] });
    assert.match(r.error.message, /absolute/);
    r = await s.call({ method: 'box.terminal', box, cwd: '/no/such/dir' });
    assert.equal(r.error.type, 'SandboxConfigError');
    assert.match(r.error.message, /\/no\/such\/dir/);
    r = await s.call({ method: 'box.terminalResize', box, term: 1 });
    assert.match(r.error.message, /give 'columns' and 'rows'/);
    r = await s.call({ method: 'box.terminalInput', box, term: 1, data: '!!' });
    assert.match(r.error.message, /not base64/);
    const t1 = (await s.call({ method: 'box.terminal', box, user: 'agent', cwd: '/tmp' })).result.term;
    await s.call({ method: 'box.terminalInput', box, term: t1, data: b64('echo "$(id -un) in $(pwd)"; exit 3\r') });
    const x1 = await s.until((m) => m.event === 'exit' && m.term === t1, 'exit 3');
    assert.equal(x1.exitCode, 3);
    assert.match(screenOf(s.lines, box, t1), /agent in \/tmp\r\n/);
    const t2 = (await s.call({ method: 'box.terminal', box })).result.term;
    await s.call({ method: 'box.terminalInput', box, term: t2, data: b64('sleep 100\r') });
    assert.deepEqual((await s.call({ method: 'box.dispose', box })).result, {});
    const x2 = s.lines.find((m) => m.event === 'exit' && m.term === t2);
    assert.ok(x2, 'the exit event comes before the answer to box.dispose');
    assert.equal(x2.exitCode, 137);
  } finally {
    s.child.kill();
  }
});

// ------------------------------------------------------------ Terminal

async function screenUntil(get, re, what) {
  const end = Date.now() + WAIT;
  while (!re.test(get())) {
    if (Date.now() > end) throw new Error(`${what}: not on the screen within ${WAIT} ms: ${JSON.stringify(get().slice(-1500))}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('Terminal as xterm.js plugs in: write gets the screen, input types, resize is stty size', { skip }, async () => {
  const box = await createContainer({ cwd: '/app', env: { GREETING: 'hello' } });
  try {
    let screen = '';
    const terminal = new Terminal(box, { write: (d) => { screen += d; }, columns: 90, rows: 20 });
    terminal.input('echo typed-before-start\r'); // waits for the shell
    await terminal.start();
    assert.equal(terminal.start(), terminal.start(), 'start twice is the same promise');
    assert.ok(terminal.pid > 0);
    await screenUntil(() => screen, /typed-before-start\r\n/, 'typed-before-start');
    terminal.input('echo "$GREETING from $(pwd)"; stty size\r');
    await screenUntil(() => screen, /hello from \/app\r\n20 90\r\n/, 'the env, the cwd and the size');
    terminal.resize(120, 40);
    assert.equal(terminal.columns, 120);
    terminal.input(new TextEncoder().encode('stty size\r'));
    await screenUntil(() => screen, /40 120\r\n/, 'the new size');
    // UTF-8 split between two writes of the program is one character
    terminal.input("printf 'caf\\303'; sleep 0.3; printf '\\251!\\n'\r");
    await screenUntil(() => screen, /café!/, 'café');
    assert.ok(!screen.includes('\ufffd'), 'no replacement character');
    // ^C stops the foreground job, the shell stays
    terminal.input('sleep 100\r');
    await new Promise((r) => setTimeout(r, 300));
    terminal.input('\u0003');
    terminal.input('echo after-ctrl-c $?\r');
    await screenUntil(() => screen, /after-ctrl-c 130\r\n/, 'after ^C');
    assert.throws(() => terminal.resize(0, 10), SandboxConfigError);
    assert.throws(() => terminal.resize(80.5, 10), /columns must be a whole number from 1 to 1000/);
    assert.throws(() => terminal.input(42), /data must be a string or bytes/);
    await terminal.dispose();
    assert.equal(terminal.exitCode, 129);
  } finally {
    await box.dispose();
  }
});

test('Terminal.dispose: nothing is written after it, input is dropped, twice is fine', { skip }, async () => {
  const box = await createContainer();
  try {
    let screen = '';
    let disposed = false;
    let late = 0;
    const terminal = new Terminal(box, { write: (d) => { if (disposed) late++; screen += d; } });
    await terminal.start();
    terminal.input('while :; do echo tick; sleep 0.05; done\r');
    await screenUntil(() => screen, /tick\r\ntick\r\n/, 'ticks');
    disposed = true;
    const p = terminal.dispose();
    terminal.input('echo ignored\r');
    terminal.resize(100, 30);
    const code = await p;
    assert.equal(code, 129);
    assert.equal(await terminal.dispose(), 129);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(late, 0, 'write was called after dispose()');
    // the box goes on
    assert.equal((await box.exec('echo still')).stdout, 'still\n');
    // never started: dispose resolves at once
    const idle = new Terminal(box, { write: () => { late++; } });
    assert.equal(await idle.dispose(), null);
    await assert.rejects(idle.start(), /disposed/);
  } finally {
    await box.dispose();
  }
});

test('Terminal: a session of the container, exit and onExit, the box disposed under it', { skip }, async () => {
  const box = await createContainer();
  try {
    let screen = '';
    const exits = [];
    // a session: the container behind it, its directory
    const session = { container: box, cwd: async () => '/tmp' };
    const t1 = new Terminal(session, { write: (d) => { screen += d; }, onExit: (c) => exits.push(c) });
    await t1.start();
    t1.input('pwd; exit 5\r');
    assert.equal(await t1.exited, 5);
    assert.match(screen, /\/tmp\r\n/);
    assert.deepEqual(exits, [5]);
    const t2 = new Terminal(box, { write: () => {}, onExit: (c) => exits.push(c) });
    await t2.start();
    await box.dispose();
    assert.equal(await t2.exited, 137);
    assert.deepEqual(exits, [5, 137]);
  } finally {
    await box.dispose();
  }
});

test('Terminal on box.session(), as the seed wires it: the session\'s directory, exports and user', { skip }, async () => {
  const box = await createContainer({ cwd: '/app' });
  try {
    const session = box.session({ user: 'agent' });
    await session.run('cd /tmp; export TOKEN=abc; plain=no');
    let screen = '';
    const xterm = { write: (d) => { screen += d; } };
    const terminal = new Terminal(session, { write: (d) => xterm.write(d), columns: 80, rows: 24 });
    terminal.start();
    terminal.input('echo "$TOKEN in $(pwd) as $(id -un) plain=${plain-unset}"\r');
    await screenUntil(() => screen, /abc in \/tmp as agent plain=unset\r\n/, 'the session\'s state');
    // the session goes on by itself
    assert.equal((await session.run('echo $TOKEN; pwd')).stdout, 'abc\n/tmp\n');
    await terminal.dispose();
    await session.dispose();
  } finally {
    await box.dispose();
  }
});

test('Terminal: the options are checked', () => {
  assert.throws(() => new Terminal({}, { write: () => {} }), /give a Container.*or a session of one/);
  assert.throws(() => new Terminal(null, { write: () => {} }), SandboxConfigError);
  const fakeBox = Object.create(Container.prototype); // no box needed to check options
  assert.throws(() => new Terminal(fakeBox, {}), /options.write must be a function/);
  assert.throws(() => new Terminal(fakeBox, { write: () => {}, columns: 0 }), /columns must be a whole number from 1 to 1000, not 0/);
  assert.throws(() => new Terminal(fakeBox, { write: () => {}, rows: 1001 }), /rows must be/);
  assert.throws(() => new Terminal(fakeBox, { write: () => {}, onExit: 1 }), /onExit must be a function/);
});
