'use strict';
// createContainer(): a box (a small Linux system: a shell, files in memory,
// processes) that lives until dispose(), over the box methods of
// `acs serve --stdio` (docs/protocol.md "Boxes"), sharing exec()'s child.

const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const pathMod = require('node:path');
const { Readable, Writable } = require('node:stream');
const { SandboxError, SandboxConfigError } = require('./errors.js');
const { getServer } = require('./client.js');

const KNOWN = [
  'files', 'cwd', 'hostname', 'user', 'env', 'memory', 'cpus', 'network', 'packages', 'timezone',
  'timeoutMs', 'onStdout', 'onStderr', 'onServerReady', 'snapshot', 'isolation', 'pod', 'python',
  'mounts',
];
// Options of the modelled product that mean nothing here: accepted, ignored.
const IGNORED = ['isolation', 'pod', 'python', 'cpus'];

function fail(message) {
  throw new SandboxConfigError(message);
}

function isPlainObject(v) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function boxPath(name, v) {
  if (typeof v !== 'string' || !v.startsWith('/')) fail(`${name} must be an absolute box path (a string starting with '/'), not ${JSON.stringify(v)}`);
  if (v.includes('\0')) fail(`${name} must not contain a NUL character`);
  return pathMod.posix.normalize(v);
}

function checkUser(name, v) {
  if (v === undefined) return undefined;
  if (v !== 'root' && v !== 'agent') fail(`${name} must be "root" or "agent" (the box's users), not ${JSON.stringify(v)}`);
  return v;
}

// A mount's fields, checked: the host directory resolved from the caller's cwd.
function checkMount(name, hostDir, boxDest, o) {
  if (typeof hostDir !== 'string' || !hostDir) fail(`${name}: the host directory must be a string`);
  if (o.readOnly !== undefined && typeof o.readOnly !== 'boolean') fail(`${name}: readOnly must be true or false`);
  return { hostPath: pathMod.resolve(hostDir), path: boxPath(`${name} boxPath`, boxDest), readOnly: !!o.readOnly, owner: checkUser(`${name} owner`, o.owner) };
}

function checkEnv(name, v) {
  if (v === undefined) return {};
  if (!isPlainObject(v)) fail(`${name} must be an object of strings`);
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== 'string') fail(`${name}.${k} must be a string, not ${typeof val}`);
    if (k === '' || k.includes('=') || k.includes('\0')) fail(`${name} has a bad variable name ${JSON.stringify(k)}`);
  }
  return { ...v };
}

function checkMs(name, v) {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || v < 0) fail(`${name} must be a whole number of milliseconds >= 0, not ${JSON.stringify(v)}`);
  return v;
}

function toBytes(name, v) {
  if (typeof v === 'string') return Buffer.from(v, 'utf8');
  if (v instanceof Uint8Array) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  if (v instanceof ArrayBuffer) return Buffer.from(v);
  fail(`${name} must be a string or bytes (Uint8Array), not ${v === null ? 'null' : typeof v}`);
}

function signalNumber(sig) {
  if (sig === undefined) return 15;
  if (Number.isInteger(sig) && sig >= 1 && sig <= 64) return sig;
  const n = typeof sig === 'string' ? os.constants.signals[sig.startsWith('SIG') ? sig : `SIG${sig}`] : undefined;
  if (!n) fail(`unknown signal ${JSON.stringify(sig)}: use a name such as "SIGTERM" or a number`);
  return n;
}

function checkOptions(o) {
  if (o === undefined) o = {};
  if (!isPlainObject(o)) fail('createContainer(options): options must be an object');
  for (const k of Object.keys(o)) {
    if (!KNOWN.includes(k)) fail(`createContainer: unknown option '${k}' (known: ${KNOWN.join(', ')})`);
  }
  const req = { method: 'box.create' };
  if (o.hostname !== undefined) {
    if (typeof o.hostname !== 'string') fail('hostname must be a string');
    req.hostname = o.hostname;
  }
  if (o.memory !== undefined) {
    if (!Number.isInteger(o.memory) || o.memory <= 0) fail(`memory must be a whole number of MB > 0, not ${JSON.stringify(o.memory)}`);
    req.memoryMb = o.memory;
  }
  if (o.network !== undefined) {
    if (!isPlainObject(o.network)) fail('network must be an object: { allowOutbound, allow }');
    for (const k of Object.keys(o.network)) {
      if (k === 'proxy') fail('network.proxy is not supported: outbound calls leave from this process directly; use allow to limit them');
      if (k !== 'allowOutbound' && k !== 'allow') fail(`network: unknown option '${k}' (allowOutbound, allow)`);
    }
    const { allowOutbound, allow } = o.network;
    if (allowOutbound !== undefined && typeof allowOutbound !== 'boolean') fail('network.allowOutbound must be true or false');
    if (allow !== undefined) {
      if (!Array.isArray(allow) || allow.some((h) => typeof h !== 'string' || h === '')) fail('network.allow must be an array of host names');
      if (allow.length) req.allowedDomains = allow;
    }
    if (allowOutbound && !req.allowedDomains) req.network = true;
    if (allowOutbound === false) delete req.allowedDomains;
  }
  if (o.packages !== undefined) {
    if (o.packages === 'none') req.allowedPackages = [];
    else if (Array.isArray(o.packages)) {
      if (o.packages.some((p) => typeof p !== 'string' || p === '')) fail('packages must be "any", "none" or an array of "name" / "name@range"');
      req.allowedPackages = o.packages;
    } else if (o.packages !== 'any') fail('packages must be "any", "none" or an array of "name" / "name@range"');
  }
  const files = o.files === undefined ? {} : o.files;
  if (!isPlainObject(files)) fail('files must be an object: { "/path": "text" or bytes }');
  const fileList = Object.entries(files).map(([p, v]) => [boxPath(`files key ${JSON.stringify(p)}`, p), toBytes(`files[${JSON.stringify(p)}]`, v)]);
  for (const k of ['onStdout', 'onStderr', 'onServerReady']) {
    if (o[k] !== undefined && typeof o[k] !== 'function') fail(`${k} must be a function`);
  }
  if (o.onServerReady) req.serverReady = true;
  const env = checkEnv('env', o.env);
  if (o.timezone !== undefined) {
    if (typeof o.timezone !== 'string' || !o.timezone) fail('timezone must be a string such as "UTC"');
    env.TZ = o.timezone;
  }
  let snapshot;
  if (o.snapshot !== undefined) snapshot = toBytes('snapshot', o.snapshot);
  const mounts = o.mounts === undefined ? [] : o.mounts;
  if (!Array.isArray(mounts)) fail('mounts must be an array of { hostPath, boxPath, readOnly }');
  const mountList = mounts.map((m, i) => {
    if (!isPlainObject(m)) fail(`mounts[${i}] must be an object: { hostPath, boxPath, readOnly }`);
    for (const k of Object.keys(m)) if (!['hostPath', 'boxPath', 'readOnly', 'owner'].includes(k)) fail(`mounts[${i}]: unknown field '${k}' (hostPath, boxPath, readOnly, owner)`);
    return checkMount(`mounts[${i}]`, m.hostPath, m.boxPath, m);
  });
  return {
    req, fileList, env, snapshot, mountList,
    cwd: o.cwd === undefined ? undefined : boxPath('cwd', o.cwd),
    user: checkUser('user', o.user),
    timeoutMs: checkMs('timeoutMs', o.timeoutMs),
    onStdout: o.onStdout, onStderr: o.onStderr, onServerReady: o.onServerReady,
  };
}

// Snapshots pass through a private host file: as base64 in a JSON line
// they would cost far more than taking them.
let snapDir = null;
let snapSeq = 0;
function snapFile() {
  if (!snapDir) {
    // memory when the machine has it: the file lives for a moment
    const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
    snapDir = fs.mkdtempSync(pathMod.join(base, 'acs-snap-'));
    process.once('exit', () => { try { fs.rmSync(snapDir, { recursive: true, force: true }); } catch { /* gone */ } });
  }
  return pathMod.join(snapDir, `${process.pid}-${++snapSeq}`);
}

async function restoreInto(c, bytes) {
  const f = snapFile();
  await fs.promises.writeFile(f, bytes, { mode: 0o600 });
  try {
    await c._call('box.restore', { file: f });
  } finally {
    fs.promises.rm(f, { force: true }).catch(() => {});
  }
}

function b64(buf) {
  return Buffer.from(buf).toString('base64');
}

// A streamed chunk as text, a UTF-8 character split across chunks kept whole.
function decoders(onStdout, onStderr) {
  const d = { stdout: new TextDecoder(), stderr: new TextDecoder() };
  return (msg) => {
    if (msg.event !== 'output') return;
    const fn = msg.stream === 'stdout' ? onStdout : onStderr;
    if (!fn) return;
    const text = d[msg.stream].decode(Buffer.from(msg.data, 'base64'), { stream: true });
    if (text) fn(text);
  };
}

function stats(raw) {
  // exact seconds and nanoseconds come beside each *Ms (the protocol's
  // reals have 12 digits): the time in ms computed as Node computes it
  const s = { ...raw };
  for (const t of ['atime', 'mtime', 'ctime', 'birthtime']) {
    if (Number.isInteger(s[`${t}Sec`])) s[`${t}Ms`] = s[`${t}Sec`] * 1e3 + s[`${t}Nsec`] / 1e6;
    delete s[`${t}Sec`];
    delete s[`${t}Nsec`];
  }
  const type = s.mode & 0o170000;
  const d = (ms) => new Date(ms);
  return {
    ...s,
    atime: d(s.atimeMs), mtime: d(s.mtimeMs), ctime: d(s.ctimeMs), birthtime: d(s.birthtimeMs),
    isFile: () => type === 0o100000,
    isDirectory: () => type === 0o040000,
    isSymbolicLink: () => type === 0o120000,
    isFIFO: () => type === 0o010000,
    isCharacterDevice: () => type === 0o020000,
    isBlockDevice: () => type === 0o060000,
    isSocket: () => type === 0o140000,
  };
}

function dirent(dir, e) {
  return {
    name: e.name, parentPath: dir, path: dir,
    isFile: () => e.type === 'file',
    isDirectory: () => e.type === 'directory',
    isSymbolicLink: () => e.type === 'symlink',
    isFIFO: () => e.type === 'fifo',
    isCharacterDevice: () => e.type === 'chardev',
    isBlockDevice: () => e.type === 'blockdev',
    isSocket: () => e.type === 'socket',
  };
}

function encodingOf(opts) {
  if (typeof opts === 'string') return opts;
  if (opts && typeof opts === 'object' && opts.encoding) return opts.encoding;
  return null;
}

function modeOf(m) {
  if (m === undefined) return undefined;
  if (typeof m === 'string' && /^[0-7]+$/.test(m)) return parseInt(m, 8);
  if (Number.isInteger(m) && m >= 0 && m <= 0o7777) return m;
  fail(`a mode must be a number such as 0o644 or an octal string such as "644", not ${JSON.stringify(m)}`);
}

class BoxFs {
  constructor(c) { this.c = c; }
  _op(op, path, fields) { return this.c._call('box.fs', { op, path: boxPath('path', path), ...fields }); }
  async readFile(path, opts) {
    const r = await this._op('readFile', path);
    const buf = Buffer.from(r.data, 'base64');
    const enc = encodingOf(opts);
    return enc ? buf.toString(enc) : buf;
  }
  async writeFile(path, data, opts) {
    const mode = modeOf(opts && typeof opts === 'object' ? opts.mode : undefined);
    const enc = encodingOf(opts) || 'utf8';
    const bytes = typeof data === 'string' ? Buffer.from(data, enc) : toBytes('data', data);
    await this._op('writeFile', path, { data: b64(bytes), mode });
  }
  async appendFile(path, data, opts) {
    const enc = encodingOf(opts) || 'utf8';
    const bytes = typeof data === 'string' ? Buffer.from(data, enc) : toBytes('data', data);
    await this._op('appendFile', path, { data: b64(bytes) });
  }
  async readdir(path, opts) {
    const r = await this._op('readdir', path);
    const dir = boxPath('path', path);
    if (opts && opts.withFileTypes) return r.entries.map((e) => dirent(dir, e));
    return r.entries.map((e) => e.name);
  }
  async stat(path) { return stats((await this._op('stat', path)).stat); }
  async lstat(path) { return stats((await this._op('lstat', path)).stat); }
  async mkdir(path, opts) {
    const o = typeof opts === 'object' && opts ? opts : { mode: opts };
    await this._op('mkdir', path, { recursive: !!o.recursive, mode: modeOf(o.mode) });
  }
  async rm(path, opts) {
    const o = opts || {};
    if (!o.recursive) {
      // as node's: a directory needs recursive, even an empty one
      const st = await this._op('lstat', path).catch((e) => {
        if (o.force && e.code === 'ENOENT') return null;
        throw e;
      });
      if (st && (st.stat.mode & 0o170000) === 0o040000) {
        const e = new SandboxError(`rm '${path}': it is a directory: pass { recursive: true } to remove it and what it holds`);
        e.code = 'EISDIR';
        throw e;
      }
      if (!st) return;
    }
    await this._op('rm', path, { recursive: !!o.recursive, force: !!o.force });
  }
  async rename(from, to) { await this._op('rename', from, { to: boxPath('to', to) }); }
  async symlink(target, path) {
    if (typeof target !== 'string' || !target) fail('symlink: the target must be a non-empty string');
    await this._op('symlink', path, { target });
  }
  async chmod(path, mode) { await this._op('chmod', path, { mode: modeOf(mode) }); }
  async exists(path) { return (await this._op('exists', path)).exists; }
}

class BoxProcess {
  constructor(c, request) {
    this.pid = null;
    this.exitCode = null;
    this._c = c;
    this._proc = null;
    this._queue = []; // stdin writes before the start answered
    const self = this;
    this.stdout = new Readable({ read() {} });
    this.stderr = new Readable({ read() {} });
    this.stdin = new Writable({
      write(chunk, _enc, cb) { self._stdin({ data: b64(chunk) }).then(() => cb(), cb); },
      final(cb) { self._stdin({ end: true }).then(() => cb(), cb); },
    });
    this.stdin.on('error', () => {});
    let resolveExit;
    this.exited = new Promise((res) => { resolveExit = res; });
    this._started = new Promise((res, rej) => { this._startOk = res; this._startFail = rej; });
    this._started.catch(() => {});
    const dec = decoders(c._onStdout, c._onStderr);
    const server = getServer();
    this._server = server;
    const onEvent = (msg) => {
      if (msg.event === 'output') {
        const buf = Buffer.from(msg.data, 'base64');
        (msg.stream === 'stdout' ? this.stdout : this.stderr).push(buf);
        dec(msg);
      } else if (msg.event === 'exit') {
        server.procs.delete(`${c._box}/${this._proc}`);
        server.hold(false);
        this.exitCode = msg.exitCode;
        this.stdout.push(null);
        this.stderr.push(null);
        resolveExit(msg.exitCode);
      }
    };
    const start = () => server.call({ method: 'box.spawn', box: c._box, ...request }, null, (res) => {
      // before the lines that follow the answer: its events
      this.pid = res.pid;
      this._proc = res.proc;
      server.procs.set(`${c._box}/${res.proc}`, onEvent);
      server.hold(true);
    });
    (c._installing ? c._installing.then(start) : start()).then(() => this._startOk(), (e) => {
      this._startFail(e);
      this.exitCode = 127;
      this.stderr.push(Buffer.from(`${e.message}\n`));
      this.stdout.push(null);
      this.stderr.push(null);
      resolveExit(e.code === 'ENOENT' ? 127 : 126);
    });
  }

  async _stdin(fields) {
    await this._started;
    if (this.exitCode !== null) return;
    await this._c._call('box.stdin', { proc: this._proc, ...fields }).catch(() => {});
  }

  /** Send a signal (default SIGTERM). */
  async kill(signal) {
    const sig = signalNumber(signal);
    try { await this._started; } catch { return false; }
    if (this.exitCode !== null) return false;
    await this._c._call('box.kill', { proc: this._proc, signal: sig }).catch(() => {});
    return true;
  }
}

// A shell whose state (cwd, variables and exports, functions, aliases,
// options, jobs) lasts from one run to the next: one `bash` in the box,
// started at the first call (box.sessionNew).
class BoxSession {
  constructor(c, fields) {
    this._c = c;
    this._fields = fields;
    this._id = null;
    this._start = null;
    this._queue = Promise.resolve();
    this._disposed = null;
  }

  _session() {
    if (!this._start) this._start = this._c._call('box.sessionNew', this._fields).then((r) => { this._id = r.session; return r.session; });
    return this._start;
  }

  // one run at a time: the shell reads one script after another
  _serial(fn) {
    const p = this._queue.then(fn);
    this._queue = p.then(() => {}, () => {});
    return p;
  }

  _script(command, opts, quiet) {
    const o = opts || {};
    if (!isPlainObject(o)) fail('session.run(command, options): options must be an object');
    const t = checkMs('timeoutMs', o.timeoutMs);
    const req = { command, timeoutMs: t === undefined ? this._c._timeoutMs : t };
    if (o.maxOutputBytes !== undefined) req.maxOutputBytes = checkMs('maxOutputBytes', o.maxOutputBytes);
    const onStdout = quiet ? null : o.onStdout || this._c._onStdout;
    const onStderr = quiet ? null : o.onStderr || this._c._onStderr;
    if (onStdout || onStderr) req.stream = true;
    const signal = o.signal;
    return this._serial(async () => {
      if (this._disposed) throw new SandboxError('session.run: the session was disposed; start a new one with container.session()');
      const session = await this._session();
      if (signal && signal.aborted) return { stdout: '', stderr: '', exitCode: null, timedOut: true, truncated: false, durationMs: 0 };
      const cancel = () => { this._c._call('box.sessionCancel', { session }).catch(() => {}); };
      if (signal) signal.addEventListener('abort', cancel, { once: true });
      try {
        const r = await this._c._call('box.sessionRun', { session, ...req }, decoders(onStdout, onStderr));
        return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode, timedOut: r.timedOut,
          truncated: r.truncated, durationMs: r.durationMs };
      } finally {
        if (signal) signal.removeEventListener('abort', cancel);
      }
    });
  }

  /** Run a script in the session's shell, as typed at its prompt; its state stays for the next run. */
  run(command, opts) {
    if (typeof command !== 'string') return Promise.reject(new SandboxConfigError('session.run(command): command must be a string'));
    try { return this._script(command, opts); } catch (e) { return Promise.reject(e); }
  }

  // A look at the shell's state that leaves $? as the last run left it
  // (but under set -e, where a failing (exit N) would end the shell, at 0).
  async _peek(what) {
    const r = await this._script(`__acs_st=$?; ${what}; case $- in *e*) unset __acs_st ;; *) eval "unset __acs_st; (exit $__acs_st)" ;; esac`, {}, true);
    if (r.exitCode === null) throw new SandboxError('session: the shell did not answer (it was stopped)');
    return r.stdout;
  }

  /** The shell's working directory. */
  async cwd() {
    return this._peek("printf '%s' \"$PWD\"");
  }

  /** The shell's exported variables. */
  async env() {
    const out = await this._peek('env -0');
    const env = {};
    for (const item of out.split('\0')) {
      const eq = item.indexOf('=');
      if (eq > 0 && !item.startsWith('__acs_st=')) env[item.slice(0, eq)] = item.slice(eq + 1);
    }
    return env;
  }

  /** End the shell and its jobs. Safe to call more than once. */
  dispose() {
    if (!this._disposed) {
      const start = this._start;
      this._disposed = !start ? Promise.resolve() : start.then(
        (session) => this._c._call('box.sessionDispose', { session }), () => {}).then(() => {}, () => {});
    }
    return this._disposed;
  }

  [Symbol.asyncDispose]() { return this.dispose(); }
}

class Container {
  constructor(box, cfg) {
    this._box = box;
    this._cwd = cfg.cwd;
    this._env = cfg.env;
    this._user = cfg.user;
    this._timeoutMs = cfg.timeoutMs;
    this._onStdout = cfg.onStdout;
    this._onStderr = cfg.onStderr;
    this._disposed = null;
    this._exposed = new Map();
    this._commands = new Map();
    this.fs = new BoxFs(this);
    /** The box's kernel: installCommand(defineCommand({ name, summary, run })). */
    this.kernel = { installCommand: (cmd) => this._installCommand(cmd) };
  }

  async _installCommand(cmd) {
    if (!cmd || typeof cmd !== 'object' || typeof cmd.name !== 'string' || typeof cmd.run !== 'function') {
      fail('installCommand(command): give defineCommand({ name, summary, run })');
    }
    const server = getServer();
    this._commands.set(cmd.name, cmd);
    server.commands.set(this._box, (msg) => { this._runCommand(server, msg); });
    if (this._disposed) throw new SandboxError('installCommand: the container was disposed; create a new one');
    const p = server.call({ method: 'box.installCommand', box: this._box, name: cmd.name, summary: cmd.summary || '' });
    const before = this._installing || Promise.resolve();
    const mine = before.then(() => p).then(() => {}, () => {});
    this._installing = mine;
    mine.then(() => { if (this._installing === mine) this._installing = null; });
    await p;
  }

  // One run of a host command: its ctx over box.commandRead/Write/Exit.
  async _runCommand(server, msg) {
    server.hold(true);
    const call = msg.call;
    const io = (method, fields) => server.call({ method, box: this._box, ...fields });
    let writes = Promise.resolve();
    let broken = false;
    const out = (stream, data) => {
      const bytes = typeof data === 'string' ? Buffer.from(data) : toBytes('data', data);
      if (!bytes.length) return writes;
      writes = writes.then(() => (broken ? undefined : io('box.commandWrite', { call, stream, data: b64(bytes) }).catch(() => { broken = true; })));
      return writes;
    };
    let ended = false;
    const readChunk = async () => {
      if (ended) return null;
      const r = await io('box.commandRead', { call, max: 65536 }).catch(() => ({ end: true, data: '' }));
      if (r.end) ended = true;
      const b = Buffer.from(r.data || '', 'base64');
      return b.length ? b : ended ? null : Buffer.alloc(0);
    };
    const stdin = {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          const b = await readChunk();
          if (b === null) return;
          if (b.length) yield b;
        }
      },
      async text() {
        const parts = [];
        for await (const b of stdin) parts.push(b);
        return Buffer.concat(parts).toString('utf8');
      },
    };
    const ctx = {
      name: msg.name,
      args: msg.argv.slice(1),
      argv: msg.argv,
      env: msg.env,
      cwd: msg.cwd,
      uid: msg.uid,
      pid: msg.pid,
      stdin,
      fs: this.fs,
      write: (s) => out(1, s),
      line: (s) => out(1, `${s === undefined ? '' : s}\n`),
      error: (s) => out(2, String(s).endsWith('\n') ? String(s) : `${s}\n`),
    };
    let code = 0;
    const cmd = this._commands.get(msg.name);
    try {
      if (!cmd) {
        ctx.error(`${msg.name}: command not found (no host command of this name in this container)`);
        code = 127;
      } else {
        const r = await cmd.run(ctx);
        code = Number.isInteger(r) ? r & 0xff : r === false ? 1 : 0;
      }
    } catch (e) {
      ctx.error(`${msg.name}: ${e && e.message ? e.message : String(e)}`);
      code = 1;
    }
    await writes;
    await io('box.commandExit', { call, exitCode: code }).catch(() => {});
    server.hold(false);
  }

  _call(method, fields, onEvent, onResult) {
    if (this._disposed) return Promise.reject(new SandboxError(`${method}: the container was disposed; create a new one`));
    const go = () => getServer().call({ method, box: this._box, ...fields }, onEvent, onResult);
    // after the commands installed so far (installCommand need not be awaited)
    return this._installing ? this._installing.then(go) : go();
  }

  _spawnFields(opts, extra) {
    const o = opts || {};
    if (!isPlainObject(o)) fail('options must be an object');
    const env = { ...this._env, ...checkEnv('env', o.env) };
    return {
      ...extra,
      cwd: o.cwd === undefined ? this._cwd : boxPath('cwd', o.cwd),
      env,
      user: checkUser('user', o.user) || this._user,
    };
  }

  async _execLike(fields, opts) {
    const o = opts || {};
    const onStdout = o.onStdout || this._onStdout;
    const onStderr = o.onStderr || this._onStderr;
    const req = this._spawnFields(o, fields);
    const t = checkMs('timeoutMs', o.timeoutMs);
    req.timeoutMs = t === undefined ? this._timeoutMs : t;
    if (o.stdin !== undefined) req.stdinData = b64(toBytes('stdin', o.stdin));
    if (o.maxOutputBytes !== undefined) req.maxOutputBytes = o.maxOutputBytes;
    if (o.signal) return this._execAbortable(req, o.signal, onStdout, onStderr);
    if (onStdout || onStderr) req.stream = true;
    const r = await this._call('box.exec', req, decoders(onStdout, onStderr));
    return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode, timedOut: r.timedOut,
      truncated: r.truncated, durationMs: r.durationMs };
  }

  // exec with an AbortSignal: a spawned process, killed on abort.
  async _execAbortable(req, signal, onStdout, onStderr) {
    const t0 = performance.now();
    if (signal.aborted) return { stdout: '', stderr: '', exitCode: null, timedOut: true, truncated: false, durationMs: 0 };
    const { timeoutMs, stdinData, maxOutputBytes, ...rest } = req;
    void maxOutputBytes;
    const p = new BoxProcess(this, rest);
    const out = [], err = [];
    p.stdout.on('data', (b) => { out.push(b); });
    p.stderr.on('data', (b) => { err.push(b); });
    const dec = decoders(onStdout, onStderr);
    p.stdout.on('data', (b) => dec({ event: 'output', stream: 'stdout', data: b.toString('base64') }));
    p.stderr.on('data', (b) => dec({ event: 'output', stream: 'stderr', data: b.toString('base64') }));
    let stopped = false;
    const stop = () => { stopped = true; p.kill('SIGKILL'); };
    signal.addEventListener('abort', stop, { once: true });
    const timer = timeoutMs ? setTimeout(stop, timeoutMs) : null;
    if (stdinData) p.stdin.write(Buffer.from(stdinData, 'base64'));
    p.stdin.end();
    const code = await p.exited;
    signal.removeEventListener('abort', stop);
    if (timer) clearTimeout(timer);
    await new Promise((r) => setImmediate(r));
    return { stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'),
      exitCode: stopped ? null : code, timedOut: stopped, truncated: false, durationMs: performance.now() - t0 };
  }

  /** Run a shell command line (sh -c) in the box and wait for it. */
  exec(command, opts) {
    if (typeof command !== 'string') return Promise.reject(new SandboxConfigError('exec(command): command must be a string'));
    try { return this._execLike({ command }, opts); } catch (e) { return Promise.reject(e); }
  }

  /** Run a program with these arguments (no shell) and wait for it. */
  run(argv, opts) {
    if (!Array.isArray(argv) || argv.length === 0 || argv.some((a) => typeof a !== 'string')) {
      return Promise.reject(new SandboxConfigError('run(argv): argv must be a non-empty array of strings'));
    }
    try { return this._execLike({ argv }, opts); } catch (e) { return Promise.reject(e); }
  }

  /** Start a command (sh -c) and return at once: a process with streams. */
  spawn(command, opts) {
    if (this._disposed) throw new SandboxError('spawn: the container was disposed; create a new one');
    const fields = Array.isArray(command) ? { argv: command } : { command };
    if (typeof command !== 'string' && !Array.isArray(command)) fail('spawn(command): a string (run by sh -c) or an argv array');
    return new BoxProcess(this, this._spawnFields(opts, fields));
  }

  /**
   * A stateful shell: cd, exports, functions and aliases last from one
   * run() to the next. Options: cwd, env, user (defaults: the container's).
   */
  session(opts) {
    if (this._disposed) throw new SandboxError('session: the container was disposed; create a new one');
    const o = opts || {};
    if (!isPlainObject(o)) fail('session(options): options must be an object');
    for (const k of Object.keys(o)) if (!['cwd', 'env', 'user'].includes(k)) fail(`session: unknown option '${k}' (cwd, env, user)`);
    const fields = this._spawnFields(o, {});
    if (fields.cwd === undefined) delete fields.cwd;
    if (fields.user === undefined) delete fields.user;
    return new BoxSession(this, fields);
  }

  /**
   * Mount host directory hostDir at boxPath: its files are the host's
   * (written through unless readOnly), seen in the box as owned by owner
   * (default: the container's user); links in it resolve in the box.
   */
  async mount(hostDir, boxDest, opts) {
    const o = opts === undefined ? {} : opts;
    if (!isPlainObject(o)) fail('mount(hostDir, boxPath, options): options must be an object: { readOnly, owner }');
    for (const k of Object.keys(o)) if (!['readOnly', 'owner'].includes(k)) fail(`mount: unknown option '${k}' (readOnly, owner)`);
    const m = checkMount('mount', hostDir, boxDest, o);
    await this._mount(m);
  }

  async _mount(m) {
    await this._call('box.fs', { op: 'mount', path: m.path, hostPath: m.hostPath, readOnly: m.readOnly, owner: m.owner || this._user });
  }

  /** Copy a host file or tree into the box (as cp -a). */
  async copyIn(hostPath, boxDest, opts) {
    if (typeof hostPath !== 'string' || !hostPath) fail('copyIn(hostPath, boxPath): hostPath must be a string');
    await this._call('box.fs', { op: 'copyIn', path: boxPath('boxPath', boxDest), hostPath: pathMod.resolve(hostPath), owner: checkUser('owner', opts && opts.owner) });
  }

  /** Copy a box file or tree out to the host (as cp -a). */
  async copyOut(boxSrc, hostPath) {
    if (typeof hostPath !== 'string' || !hostPath) fail('copyOut(boxPath, hostPath): hostPath must be a string');
    await this._call('box.fs', { op: 'copyOut', path: boxPath('boxPath', boxSrc), hostPath: pathMod.resolve(hostPath) });
  }

  /** Whether a program listens on box port `port` within timeoutMs (default 10 s). */
  /** The ports programs of the box listen on now: [{ port, pid }]. */
  async listeners() {
    return (await this._call('box.listeners', {})).listeners;
  }

  async waitForPort(port, opts) {
    const t = checkMs('timeoutMs', opts && opts.timeoutMs);
    const r = await this._call('box.waitForPort', { port, timeoutMs: t === undefined ? 10000 : t });
    return r.listening;
  }

  /** Make box port `port` reachable at http://127.0.0.1:hostPort on this machine. */
  async expose(port, opts) {
    const want = opts && opts.hostPort !== undefined ? opts.hostPort : 0;
    if (want === 0 && this._exposed.has(port)) return this._exposed.get(port);
    const r = await this._call('box.expose', { port, hostPort: want });
    const e = { port: r.hostPort, host: '127.0.0.1', url: `http://127.0.0.1:${r.hostPort}` };
    if (want === 0) this._exposed.set(port, e);
    return e;
  }

  /** A TCP connection (net.Socket) to the program listening on box port `port`. */
  async connect(port) {
    const e = await this.expose(port);
    return new Promise((resolve, reject) => {
      const s = net.connect(e.port, e.host, () => resolve(s));
      s.once('error', reject);
    });
  }

  /** One HTTP request to box port `port`: { status, headers, body, text(), json() }. */
  async request(port, init) {
    const o = init || {};
    const e = await this.expose(port);
    const body = o.body === undefined ? undefined : typeof o.body === 'string' || o.body instanceof Uint8Array ? o.body : JSON.stringify(o.body);
    return new Promise((resolve, reject) => {
      const req = http.request({ host: e.host, port: e.port, path: o.path || '/', method: o.method || 'GET', headers: o.headers || {} }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          resolve({ status: res.statusCode, statusText: res.statusMessage, headers: res.headers, body: buf,
            text: () => buf.toString('utf8'), json: () => JSON.parse(buf.toString('utf8')) });
        });
        res.on('error', reject);
      });
      req.on('error', (err) => reject(new SandboxError(`request to box port ${port} failed: ${err.message}`, { cause: err })));
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  /** The whole filesystem as bytes, for restore() or createContainer({ snapshot }). */
  async snapshot() {
    const f = snapFile();
    await this._call('box.snapshot', { file: f });
    try {
      const buf = await fs.promises.readFile(f);
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    } finally {
      fs.promises.rm(f, { force: true }).catch(() => {});
    }
  }

  /** Replace the box's files with a snapshot's; its running processes end. */
  async restore(bytes) {
    await restoreInto(this, toBytes('snapshot', bytes));
    // exposed ports stay when it was restored in place; a new box has none
    for (const [port, e] of this._exposed) {
      const open = await new Promise((res) => {
        const s = net.connect(e.port, e.host, () => { s.destroy(); res(true); });
        s.once('error', () => res(false));
      });
      if (!open) this._exposed.delete(port);
    }
  }

  /** End the box and every process in it. Safe to call more than once. */
  dispose() {
    if (!this._disposed) {
      const server = getServer();
      if (server.commands.get(this._box)) server.commands.delete(this._box);
      server.boxEvents.delete(this._box);
      this._disposed = getServer().call({ method: 'box.dispose', box: this._box }).then(() => {}, () => {});
    }
    return this._disposed;
  }

  [Symbol.asyncDispose]() { return this.dispose(); }
}

// fn over items, at most 16 at a time: each is a request with a thread of
// its own in acs serve
async function inBatches(items, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(16, items.length) }, worker));
}

/** Boot a container: a box with the given files, user, env and limits. */
async function createContainer(options) {
  const cfg = checkOptions(options);
  const server = getServer();
  const r = await server.call(cfg.req);
  const c = new Container(r.box, cfg);
  if (cfg.onServerReady) {
    // off the protocol's line loop: what the callback throws is the caller's
    const fn = cfg.onServerReady;
    server.boxEvents.set(r.box, (msg) => queueMicrotask(() => fn(msg.port, { pid: msg.pid })));
  }
  try {
    if (cfg.snapshot) await restoreInto(c, cfg.snapshot);
    for (const m of cfg.mountList) await c._mount(m);
    // as the user's: the given files, and the directories made for them
    const agent = cfg.user === 'agent';
    const made = new Set();
    if (agent) {
      const dirs = new Set();
      for (const [p] of cfg.fileList) for (let d = pathMod.posix.dirname(p); d !== '/'; d = pathMod.posix.dirname(d)) dirs.add(d);
      if (cfg.cwd) for (let d = cfg.cwd; d !== '/'; d = pathMod.posix.dirname(d)) dirs.add(d);
      for (const d of [...dirs].sort((a, b) => a.length - b.length)) {
        if (!(await c._call('box.fs', { op: 'exists', path: d })).exists) {
          await c._call('box.fs', { op: 'mkdir', path: d });
          made.add(d);
        }
      }
    }
    await inBatches(cfg.fileList, ([p, data]) => c._call('box.fs', { op: 'writeFile', path: p, data: b64(data), parents: true }));
    if (cfg.cwd) await c._call('box.fs', { op: 'mkdir', path: cfg.cwd, recursive: true });
    if (agent) {
      const mine = [...made, ...cfg.fileList.map(([p]) => p)];
      await inBatches(mine, (p) => c._call('box.fs', { op: 'chown', path: p, uid: 1000, gid: 1000 }));
    }
  } catch (e) {
    await c.dispose();
    throw e;
  }
  return c;
}

/**
 * A command for Container.kernel.installCommand: a real file in the box's
 * /usr/bin whose runs are run(ctx) here. ctx: args, env, cwd, stdin (async
 * iterable, text()), write, line, error, fs. Its return value (a number) is
 * the exit status; a thrown error is status 1 with its message on stderr.
 */
function defineCommand(spec) {
  if (!isPlainObject(spec)) fail('defineCommand({ name, summary, run }): give an object');
  const { name, summary, run } = spec;
  if (typeof name !== 'string' || !/^[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(name)) fail(`defineCommand: name must be letters, digits, '.', '_' and '-' (got ${JSON.stringify(name)})`);
  if (summary !== undefined && (typeof summary !== 'string' || summary.includes('\n'))) fail('defineCommand: summary must be one line of text');
  if (typeof run !== 'function') fail('defineCommand: run must be a function (ctx) => exit status');
  return Object.freeze({ name, summary: summary || '', run });
}

module.exports = { createContainer, defineCommand, Container, BoxSession, IGNORED };
