// createContainer() against the real `acs serve --stdio`: the seed's
// examples where they can run here, the Container's methods, its errors.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { require, realServeMissing } from './helpers.mjs';

const missing = realServeMissing();
const skip = missing ? `needs a working acs serve: ${missing}` : false;
const { createContainer, SandboxError, SandboxConfigError } = require('../index.js');

test('the README example: files, ls -la, node', { skip }, async () => {
  const box = await createContainer({
    files: { '/app/hello.js': "console.log('hi from', process.platform)" },
  });
  try {
    const ls = await box.exec('ls -la /app');
    assert.equal(ls.exitCode, 0);
    assert.match(ls.stdout, /hello\.js/);
    const r = await box.exec('node /app/hello.js');
    assert.equal(r.stdout, 'hi from linux\n');
    assert.deepEqual(Object.keys(r).sort(), ['durationMs', 'exitCode', 'stderr', 'stdout', 'timedOut', 'truncated']);
  } finally {
    await box.dispose();
  }
});

test('exec: sh -c, exit codes, stderr, cwd, env, user, stdin, timeouts', { skip }, async () => {
  const box = await createContainer({ cwd: '/app', env: { A: 'one' }, hostname: 'devbox' });
  try {
    let r = await box.exec('echo $A in $(pwd) on $(hostname); echo oops >&2; exit 3');
    assert.equal(r.stdout, 'one in /app on devbox\n');
    assert.equal(r.stderr, 'oops\n');
    assert.equal(r.exitCode, 3);
    r = await box.exec('echo $A $B', { env: { B: 'two' }, cwd: '/tmp' });
    assert.equal(r.stdout, 'one two\n');
    r = await box.exec('whoami; id -u', { user: 'agent' });
    assert.equal(r.stdout, 'agent\n1000\n');
    r = await box.exec('cat /root/x 2>&1; echo $?', { user: 'agent' });
    assert.match(r.stdout, /Permission denied\n1\n$/);
    r = await box.exec('tr a-z A-Z', { stdin: 'piped in' });
    assert.equal(r.stdout, 'PIPED IN');
    r = await box.exec('sleep 20', { timeoutMs: 300 });
    assert.equal(r.timedOut, true);
    assert.equal(r.exitCode, null);
    r = await box.exec('nosuchcommand');
    assert.equal(r.exitCode, 127);
  } finally {
    await box.dispose();
  }
});

test('onStdout and onStderr stream an exec as it runs', { skip }, async () => {
  const got = [];
  const box = await createContainer({ onStdout: (d) => got.push(['out', d]), onStderr: (d) => got.push(['err', d]) });
  try {
    const r = await box.exec('echo one; echo two >&2');
    assert.equal(r.stdout, 'one\n');
    assert.deepEqual(got.filter(([k]) => k === 'out').map(([, d]) => d).join(''), 'one\n');
    assert.deepEqual(got.filter(([k]) => k === 'err').map(([, d]) => d).join(''), 'two\n');
  } finally {
    await box.dispose();
  }
});

test('run(argv) passes arguments without a shell', { skip }, async () => {
  const box = await createContainer();
  try {
    const r = await box.run(['printf', '%s|', 'a b', '$HOME', '*']);
    assert.equal(r.stdout, 'a b|$HOME|*|');
  } finally {
    await box.dispose();
  }
});

test('spawn: streams as async iterables, stdin, kill, exited', { skip }, async () => {
  const box = await createContainer();
  try {
    const p = box.spawn('while read l; do echo "got $l"; done; echo bye >&2');
    p.stdin.write('a\n');
    p.stdin.write('b\n');
    p.stdin.end();
    let out = '';
    for await (const c of p.stdout) out += c;
    let err = '';
    for await (const c of p.stderr) err += c;
    assert.equal(out, 'got a\ngot b\n');
    assert.equal(err, 'bye\n');
    assert.equal(await p.exited, 0);
    assert.equal(p.exitCode, 0);
    assert.ok(p.pid > 1);

    const s = box.spawn('sleep 30');
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(await s.kill('SIGTERM'), true);
    assert.equal(await s.exited, 128 + 15);
    // two at once, and an exec while they run
    const a = box.spawn('sleep 0.3; echo A');
    const b = box.spawn('echo B');
    const e = await box.exec('echo C');
    assert.equal(e.stdout, 'C\n');
    assert.equal(await b.exited, 0);
    assert.equal(await a.exited, 0);
  } finally {
    await box.dispose();
  }
});

test('fs: the node:fs/promises shapes, seen by the box too', { skip }, async () => {
  const box = await createContainer();
  try {
    await box.fs.mkdir('/app/src/deep', { recursive: true });
    await box.fs.writeFile('/app/config.json', JSON.stringify({ a: 1 }));
    await box.fs.appendFile('/app/log', 'one\n');
    await box.fs.appendFile('/app/log', 'two\n');
    await box.fs.writeFile('/app/bin', new Uint8Array([0, 255, 1]));
    assert.deepEqual(JSON.parse(await box.fs.readFile('/app/config.json', 'utf8')), { a: 1 });
    assert.deepEqual([...(await box.fs.readFile('/app/bin'))], [0, 255, 1]);
    assert.equal((await box.exec('cat /app/log')).stdout, 'one\ntwo\n');
    await box.fs.symlink('config.json', '/app/link');
    await box.fs.chmod('/app/log', 0o600);
    const ents = await box.fs.readdir('/app', { withFileTypes: true });
    const kind = Object.fromEntries(ents.map((d) => [d.name, d.isDirectory() ? 'd' : d.isSymbolicLink() ? 'l' : d.isFile() ? 'f' : '?']));
    assert.deepEqual(kind, { src: 'd', 'config.json': 'f', log: 'f', bin: 'f', link: 'l' });
    assert.deepEqual((await box.fs.readdir('/app')).sort(), ['bin', 'config.json', 'link', 'log', 'src']);
    const st = await box.fs.stat('/app/link');
    assert.equal(st.isFile(), true);
    assert.equal(st.size, 7);
    assert.equal((await box.fs.lstat('/app/link')).isSymbolicLink(), true);
    assert.equal((await box.fs.stat('/app/log')).mode & 0o777, 0o600);
    assert.equal((await box.exec('stat -c %a /app/log')).stdout, '600\n');
    await box.fs.rename('/app/log', '/app/log.old');
    assert.equal(await box.fs.exists('/app/log'), false);
    assert.equal(await box.fs.exists('/app/log.old'), true);
    await assert.rejects(box.fs.rm('/app/src'), (e) => e instanceof SandboxError && e.code === 'EISDIR' && /recursive/.test(e.message));
    await box.fs.mkdir('/app/empty');
    await assert.rejects(box.fs.rm('/app/empty'), (e) => e.code === 'EISDIR');
    await assert.rejects(box.fs.rm('/app/none'), (e) => e.code === 'ENOENT');
    await box.fs.rm('/app/src', { recursive: true });
    await box.fs.rm('/app/nothing', { force: true });
    assert.equal(await box.fs.exists('/app/src'), false);
    await assert.rejects(box.fs.readFile('/app/none'), (e) => e instanceof SandboxError && e.code === 'ENOENT' && /\/app\/none/.test(e.message));
    await assert.rejects(box.fs.writeFile('/no/such/dir/f', 'x'), (e) => e.code === 'ENOENT');
    await assert.rejects(box.fs.readFile('relative'), SandboxConfigError);
  } finally {
    await box.dispose();
  }
});

test('copyIn and copyOut keep trees, modes and links', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acs-copy-'));
  try {
    fs.mkdirSync(path.join(dir, 'in/sub'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'in/sub/a.sh'), 'echo run\n', { mode: 0o755 });
    fs.symlinkSync('sub/a.sh', path.join(dir, 'in/l'));
    const box = await createContainer();
    try {
      await box.copyIn(path.join(dir, 'in'), '/work');
      assert.equal((await box.exec('sh /work/l; stat -c %a /work/sub/a.sh; readlink /work/l')).stdout, 'run\n755\nsub/a.sh\n');
      await box.exec('echo made > /work/sub/new');
      await box.copyOut('/work', path.join(dir, 'out'));
      assert.equal(fs.readFileSync(path.join(dir, 'out/sub/new'), 'utf8'), 'made\n');
      assert.equal(fs.statSync(path.join(dir, 'out/sub/a.sh')).mode & 0o777, 0o755);
      assert.equal(fs.readlinkSync(path.join(dir, 'out/l')), 'sub/a.sh');
    } finally {
      await box.dispose();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('snapshot and restore: the same files, hashes and stats', { skip }, async () => {
  const box = await createContainer({ files: { '/app/a.txt': 'A', '/app/d/b.bin': new Uint8Array(70000).fill(7) } });
  try {
    await box.exec('ln /app/a.txt /app/hard; ln -s d/b.bin /app/soft; mkfifo /app/fifo; chmod 640 /app/a.txt; touch -d @1000000000 /app/d; chown agent /app/d/b.bin');
    const list = "find / -xdev -path /proc -prune -o -printf '%p %y %m %u %g %s %n %T@ %l\\n' | sort; find / -xdev -path /proc -prune -o -type f -exec sha256sum {} + | sort";
    const before = await box.exec(list);
    assert.equal(before.exitCode, 0, before.stderr);
    const snap = await box.snapshot();
    assert.ok(snap instanceof Uint8Array);
    await box.exec('rm -rf /app /etc/hostname; echo changed > /tmp/x');
    await box.restore(snap);
    const after = await box.exec(list);
    assert.equal(after.stdout, before.stdout);
    const box2 = await createContainer({ snapshot: snap });
    try {
      assert.equal((await box2.exec(list)).stdout, before.stdout);
    } finally {
      await box2.dispose();
    }
  } finally {
    await box.dispose();
  }
});

test('a corrupt, truncated or foreign snapshot is a SandboxError naming what is wrong; the box keeps its files', { skip }, async () => {
  const box = await createContainer({ files: { '/keep': 'me' } });
  try {
    const snap = await box.snapshot();
    await assert.rejects(box.restore(snap.slice(0, snap.length - 10)), (e) => e instanceof SandboxError && /the snapshot is truncated/.test(e.message));
    const bad = snap.slice();
    bad[100] ^= 1;
    await assert.rejects(box.restore(bad), /checksum/);
    await assert.rejects(box.restore(Buffer.from('hello')), /not a snapshot/);
    await assert.rejects(createContainer({ snapshot: Buffer.from('x'.repeat(100)) }), /not a snapshot/);
    assert.equal((await box.exec('cat /keep')).stdout, 'me');
  } finally {
    await box.dispose();
  }
});

test('bad options are SandboxConfigErrors that say what to fix', async () => {
  await assert.rejects(createContainer({ nope: 1 }), /unknown option 'nope'/);
  await assert.rejects(createContainer({ cwd: 'app' }), (e) => e instanceof SandboxConfigError && /absolute/.test(e.message));
  await assert.rejects(createContainer({ user: 'bob' }), /"root" or "agent"/);
  await assert.rejects(createContainer({ files: { '/a': 5 } }), /string or bytes/);
  await assert.rejects(createContainer({ network: { proxy: 'http://x' } }), /proxy is not supported/);
  await assert.rejects(createContainer({ mounts: {} }), /mounts must be an array/);
  await assert.rejects(createContainer({ mounts: [{ hostPath: '/tmp', boxPath: 'app' }] }), /absolute/);
  await assert.rejects(createContainer({ mounts: [{ hostPath: '/tmp', boxPath: '/app', ro: true }] }), /unknown field 'ro'/);
  await assert.rejects(createContainer({ memory: -1 }), /memory/);
  await assert.rejects(createContainer({ onServerReady: 'yes' }), (e) => e instanceof SandboxConfigError && /onServerReady must be a function/.test(e.message));
});

test('dispose is idempotent, Symbol.asyncDispose works, a disposed box refuses work', { skip }, async () => {
  const box = await createContainer();
  const p = box.spawn('sleep 60');
  await new Promise((r) => setTimeout(r, 100));
  await box.dispose();
  await box.dispose();
  assert.equal(await p.exited, 128 + 9);
  await assert.rejects(box.exec('true'), (e) => e instanceof SandboxError && /disposed/.test(e.message));
  const b2 = await createContainer();
  assert.equal((await b2.exec('echo in')).stdout, 'in\n');
  await b2[Symbol.asyncDispose]();
  await assert.rejects(b2.exec('true'), /disposed/);
});

test('waitForPort, request and expose reach a server in the box', { skip }, async () => {
  const box = await createContainer({
    files: { '/app/server.js': "require('http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end(JSON.stringify({ path: q.url })); }).listen(3000)" },
  });
  try {
    assert.equal(await box.waitForPort(3000, { timeoutMs: 50 }), false);
    const srv = box.spawn('node server.js', { cwd: '/app' });
    assert.equal(await box.waitForPort(3000, { timeoutMs: 20000 }), true);
    const res = await box.request(3000, { path: '/api' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json(), { path: '/api' });
    const e = await box.expose(3000);
    const r2 = await fetch(`${e.url}/x`);
    assert.deepEqual(await r2.json(), { path: '/x' });
    await srv.kill();
  } finally {
    await box.dispose();
  }
});

test('user "agent": the given files and the directories made for them are its', { skip }, async () => {
  const box = await createContainer({ user: 'agent', cwd: '/work/proj', files: { '/work/proj/src/a.txt': 'a', '/tmp/b': 'b' } });
  try {
    const r = await box.exec('whoami; pwd; stat -c "%U %n" /work /work/proj /work/proj/src /work/proj/src/a.txt /tmp /tmp/b; echo new > made && cat made');
    assert.equal(r.stdout, 'agent\n/work/proj\nagent /work\nagent /work/proj\nagent /work/proj/src\nagent /work/proj/src/a.txt\nroot /tmp\nagent /tmp/b\nnew\n', r.stderr);
  } finally {
    await box.dispose();
  }
});

test('exec with an AbortSignal: aborting stops it', { skip }, async () => {
  const box = await createContainer();
  try {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const t0 = Date.now();
    const r = await box.exec('echo started; sleep 30', { signal: ac.signal });
    assert.equal(r.timedOut, true);
    assert.equal(r.exitCode, null);
    assert.equal(r.stdout, 'started\n');
    assert.ok(Date.now() - t0 < 20000);
    const ok = await box.exec('echo fine', { signal: new AbortController().signal });
    assert.equal(ok.stdout, 'fine\n');
    assert.equal(ok.exitCode, 0);
  } finally {
    await box.dispose();
  }
});

test("the seed's quick tour without npm: a config file, spawn a server, waitForPort, request", { skip }, async () => {
  const box = await createContainer({ cwd: '/app', network: { allowOutbound: false } });
  try {
    await box.fs.writeFile('/app/config.json', JSON.stringify({ port: 3000 }));
    await box.fs.writeFile('/app/server.js', "const c = require('./config.json'); require('http').createServer((q, s) => s.end(JSON.stringify({ ok: true, url: q.url }))).listen(c.port)");
    box.spawn('node server.js', { cwd: '/app' });
    assert.equal(await box.waitForPort(3000, { timeoutMs: 20000 }), true);
    const res = await box.request(3000, { path: '/api' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json(), { ok: true, url: '/api' });
  } finally {
    await box.dispose();
  }
});

test('outbound access is off by default: curl says so', { skip }, async () => {
  const box = await createContainer();
  try {
    const r = await box.exec('curl -sS http://example.com/');
    assert.equal(r.exitCode, 7);
    assert.match(r.stderr, /network/i);
  } finally {
    await box.dispose();
  }
});

test('spawn: a megabyte through stdin and back (the pipes fill and drain)', { skip }, async () => {
  const box = await createContainer();
  try {
    const p = box.spawn('cat | wc -c; cat /dev/null');
    const chunk = Buffer.alloc(256 * 1024, 'y');
    for (let i = 0; i < 4; i++) p.stdin.write(chunk);
    p.stdin.end();
    let out = '';
    for await (const c of p.stdout) out += c;
    assert.equal(out.trim(), String(4 * 256 * 1024));
    const q = box.spawn('head -c 3000000 /dev/zero');
    let n = 0;
    for await (const c of q.stdout) n += c.length;
    assert.equal(n, 3000000);
    assert.equal(await q.exited, 0);
  } finally {
    await box.dispose();
  }
});

test('copyOut by attack: a link left by one box is never followed by the next one\'s files', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acs-copy-attack-'));
  try {
    fs.mkdirSync(path.join(dir, 'victim'));
    const a = await createContainer();
    const b = await createContainer();
    try {
      await a.exec(`mkdir /out; ln -s ${path.join(dir, 'victim')} /out/d; ln -s ${path.join(dir, 'victim', 'f')} /out/f`);
      await a.copyOut('/out', path.join(dir, 'dest'));
      await b.exec('mkdir -p /out/d; echo pwned > /out/d/x; echo pwned > /out/f');
      await assert.rejects(b.copyOut('/out', path.join(dir, 'dest')), (e) => e instanceof SandboxError && /not a directory|exists|File exists|Too many levels/.test(e.message));
      assert.deepEqual(fs.readdirSync(path.join(dir, 'victim')), []);
    } finally {
      await a.dispose();
      await b.dispose();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('many execs and file calls at once on one box, and several boxes', { skip }, async () => {
  const boxes = await Promise.all([1, 2, 3].map((i) => createContainer({ hostname: `b${i}` })));
  try {
    const runs = [];
    for (const [i, box] of boxes.entries()) {
      for (let k = 0; k < 8; k++) runs.push(box.exec(`echo ${k} $(hostname)`).then((r) => assert.equal(r.stdout, `${k} b${i + 1}\n`)));
      for (let k = 0; k < 8; k++) runs.push(box.fs.writeFile(`/tmp/f${k}`, String(k)).then(() => box.fs.readFile(`/tmp/f${k}`, 'utf8')).then((t) => assert.equal(t, String(k))));
    }
    await Promise.all(runs);
  } finally {
    await Promise.all(boxes.map((b) => b.dispose()));
  }
});

test('restore in place keeps an exposed port; with a program running it is a new box', { skip }, async () => {
  const box = await createContainer({
    files: { '/app/s.js': "require('http').createServer((q, s) => s.end('up')).listen(8000)" },
  });
  try {
    const snap = await box.snapshot();
    const srv = box.spawn('node /app/s.js');
    assert.equal(await box.waitForPort(8000, { timeoutMs: 20000 }), true);
    const e = await box.expose(8000);
    assert.equal((await box.request(8000)).text(), 'up');
    await box.restore(snap); // a program runs: a new box, the server is gone
    assert.equal(await srv.exited, 137);
    assert.equal(await box.waitForPort(8000, { timeoutMs: 0 }), false);
    box.spawn('node /app/s.js');
    assert.equal(await box.waitForPort(8000, { timeoutMs: 20000 }), true);
    const e2 = await box.expose(8000);
    assert.notEqual(e2.port, e.port, 'a new box: a new host port');
    await box.exec('true');
    // nothing runs now but the server: kill it, restore in place, the port stays
    await box.exec('kill $(pgrep -f s.js) 2>/dev/null; sleep 0.2; true');
    for (let i = 0; i < 50 && (await box.exec('pgrep -f s.js')).exitCode === 0; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 200));
    await box.restore(snap);
    const e3 = await box.expose(8000);
    assert.equal(e3.port, e2.port, 'in place: the same host port');
    box.spawn('node /app/s.js');
    assert.equal(await box.waitForPort(8000, { timeoutMs: 20000 }), true);
    const r = await fetch(`${e2.url}/`);
    assert.equal(await r.text(), 'up');
  } finally {
    await box.dispose();
  }
});

test('the seed: kernel.installCommand(defineCommand(...)), a real file in /usr/bin', { skip }, async () => {
  const { defineCommand } = require('../index.js');
  const box = await createContainer();
  try {
    box.kernel.installCommand(
      defineCommand({
        name: 'greet',
        summary: 'say hello',
        run: (ctx) => (ctx.line(`hello ${ctx.args[0] ?? 'world'}`), 0),
      }),
    );
    // (installCommand is async: the seed's next line waits for its exec, which comes after it)
    assert.equal((await box.exec('greet there | tr a-z A-Z')).stdout, 'HELLO THERE\n');
    let r = await box.exec('which greet; command -v greet; greet --help | head -2; man greet | sed -n 2p');
    assert.equal(r.stdout, '/usr/bin/greet\n/usr/bin/greet\nUsage: greet [ARGUMENT]...\nsay hello\nsay hello\n');
    // `yes | greet` stops when greet returns; #! finds it too
    r = await box.exec('yes | greet; echo "st=$?"; printf "#!/usr/bin/greet\\n" > /tmp/s; chmod +x /tmp/s; /tmp/s; greet a b c');
    assert.equal(r.stdout, 'hello world\nst=0\nhello /tmp/s\nhello a\n');
    await box.kernel.installCommand(defineCommand({
      name: 'shout',
      run: async (ctx) => {
        const text = await ctx.stdin.text();
        ctx.write(text.toUpperCase());
        ctx.error(`read ${text.length} in ${ctx.cwd} as ${ctx.env.USER}`);
        return text.length > 3 ? 3 : 0;
      },
    }));
    r = await box.exec('printf "abc\\ndef\\n" | shout; echo "st=$?"', { cwd: '/tmp', user: 'agent' });
    assert.equal(r.stdout, 'ABC\nDEF\nst=3\n');
    assert.equal(r.stderr, 'read 8 in /tmp as agent\n');
    await box.kernel.installCommand(defineCommand({ name: 'boom', run: () => { throw new Error('it broke'); } }));
    r = await box.exec('boom; echo "st=$?"');
    assert.equal(r.stdout, 'st=1\n');
    assert.equal(r.stderr, 'boom: it broke\n');
    // ctx.fs is the box's files
    await box.kernel.installCommand(defineCommand({ name: 'peek', run: async (ctx) => { ctx.write(await ctx.fs.readFile(ctx.args[0], 'utf8')); } }));
    r = await box.exec('echo inside > /tmp/p; peek /tmp/p');
    assert.equal(r.stdout, 'inside\n');
    assert.throws(() => defineCommand({ name: '-x', run() {} }), SandboxConfigError);
    assert.throws(() => defineCommand({ name: 'x' }), /run must be a function/);
  } finally {
    await box.dispose();
  }
});

test('onServerReady: once per port a program starts listening on; listeners() says who listens now', { skip }, async () => {
  const seen = [];
  let wake;
  const next = () => new Promise((r) => { wake = r; });
  const box = await createContainer({ onServerReady: (port, info) => { seen.push([port, info.pid]); if (wake) wake(); } });
  try {
    assert.deepEqual(await box.listeners(), []);
    // argv, no shell: the listener is the spawned process itself
    const serve = (port) => box.spawn(['node', '-e', `require('http').createServer((q, s) => s.end('hi')).listen(${port})`]);
    let ready = next();
    const a = serve(3000);
    await ready;
    assert.deepEqual(seen, [[3000, a.pid]]);
    assert.equal((await box.request(3000, { path: '/' })).text(), 'hi');
    ready = next();
    const b = serve(8123);
    await ready;
    assert.deepEqual(seen.map(([p]) => p), [3000, 8123]);
    assert.deepEqual((await box.listeners()).map((l) => [l.port, l.pid]).sort(), [[3000, a.pid], [8123, b.pid]]);
    // a port closed and listened on again is ready again; the other is not told twice
    await a.kill('SIGKILL');
    await a.exited;
    for (let i = 0; i < 200 && (await box.listeners()).length !== 1; i++) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual((await box.listeners()).map((l) => l.port), [8123]);
    await new Promise((r) => setTimeout(r, 100)); // the server has looked again without 3000
    ready = next();
    const c = serve(3000);
    await ready;
    assert.deepEqual(seen.map(([p]) => p), [3000, 8123, 3000]);
    assert.equal(seen[2][1], c.pid);
  } finally {
    await box.dispose();
  }
});
