'use strict';
// Terminal: an interactive shell on a terminal of a box (the kernel's pty,
// docs/box-tty.md), for a screen such as xterm.js: `write` gets what the
// shell prints, input() takes what is typed, resize() follows the window.
// Over `acs serve`'s box.terminal methods (docs/protocol.md).

const { SandboxError, SandboxConfigError } = require('./errors.js');
const { getServer } = require('./client.js');
const { Container, BoxSession } = require('./container.js');

function fail(msg) { throw new SandboxConfigError(`Terminal: ${msg}`); }

function checkSize(what, cols, rows) {
  for (const [name, v] of [['columns', cols], ['rows', rows]]) {
    if (!Number.isInteger(v) || v < 1 || v > 1000) fail(`${what}: ${name} must be a whole number from 1 to 1000, not ${JSON.stringify(v)}`);
  }
}

// The container behind what was given: a Container, or a session of one
// (box.session(), or anything whose `container` is a Container).
function containerOf(target) {
  if (target instanceof Container) return target;
  if (target instanceof BoxSession) return target._c;
  if (target && target.container instanceof Container) return target.container;
  return fail('new Terminal(session, options): give a Container (from createContainer()) or a session of one (box.session())');
}

class Terminal {
  constructor(session, options) {
    const o = options === undefined ? {} : options;
    if (o === null || typeof o !== 'object') fail('options must be an object { write, columns, rows }');
    this._container = containerOf(session);
    this._session = session instanceof Container ? null : session;
    if (typeof o.write !== 'function') fail('options.write must be a function (data: string) => void: it gets what the shell prints');
    const cols = o.columns === undefined ? 80 : o.columns;
    const rows = o.rows === undefined ? 24 : o.rows;
    checkSize('options', cols, rows);
    this._write = o.write;
    this._onExit = o.onExit;
    if (this._onExit !== undefined && typeof this._onExit !== 'function') fail('options.onExit must be a function (exitCode: number) => void');
    // a session's user is the terminal's unless told
    const sesUser = session instanceof BoxSession && session._fields ? session._fields.user : undefined;
    this._spawn = { cwd: o.cwd, env: o.env, user: o.user === undefined ? sesUser : o.user };
    this.columns = cols;
    this.rows = rows;
    this._term = null;        // its id in acs serve once started
    this._started = null;     // start()'s promise
    this._disposed = false;
    this._pending = [];       // input typed before start, or while a write is in flight
    this._sending = false;
    this._sizeSent = { cols, rows };
    this._decoder = new TextDecoder('utf-8');
    this.exitCode = null;
    let done;
    /** Resolves with the shell's exit status once it ended (or the terminal was disposed). */
    this.exited = new Promise((r) => { done = r; });
    this._done = done;
  }

  /** Start the shell. Resolves once it runs; its screen goes to write(). */
  start() {
    if (this._started) return this._started;
    this._started = this._open();
    return this._started;
  }

  async _open() {
    if (this._disposed) throw new SandboxError('Terminal.start(): the terminal was disposed; make a new one');
    const c = this._container;
    const fields = c._spawnFields(this._spawn, {});
    // a session's directory and exports, when it can tell them (its
    // shell is busy with a run: after it)
    const ses = this._session;
    let sesEnv = {};
    if (ses && typeof ses.env === 'function') {
      try {
        const e = await ses.env();
        if (e && typeof e === 'object') sesEnv = e;
      } catch { /* the container's then */ }
      for (const k of ['PWD', 'OLDPWD', 'SHLVL', '_']) delete sesEnv[k];
    }
    if (ses && typeof ses.cwd === 'function' && this._spawn.cwd === undefined) {
      try {
        const d = await ses.cwd();
        if (typeof d === 'string' && d.startsWith('/')) fields.cwd = d;
      } catch { /* the container's then */ }
    }
    fields.env = { TERM: 'xterm-256color', ...fields.env, ...sesEnv, ...this._spawn.env };
    if (fields.cwd === undefined) delete fields.cwd;
    if (fields.user === undefined) delete fields.user;
    fields.columns = this.columns;
    fields.rows = this.rows;
    const server = getServer();
    let key = null;
    const r = await c._call('box.terminal', fields, null, (res) => {
      // before the lines after the answer: its first output
      key = `${c._box}/${res.term}`;
      server.terms.set(key, (msg) => this._event(server, key, msg));
      server.hold(true);
    });
    this._term = r.term;
    this.pid = r.pid;
    if (this._disposed) {
      this._close();
      return;
    }
    this._sizeSent = { cols: this.columns, rows: this.rows };
    this._flush();
  }

  _event(server, key, msg) {
    if (msg.event === 'output') {
      const text = this._decoder.decode(Buffer.from(msg.data || '', 'base64'), { stream: true });
      if (text && !this._disposed) this._write(text);
    } else if (msg.event === 'exit') {
      server.terms.delete(key);
      server.hold(false);
      const tail = this._decoder.decode();
      if (tail && !this._disposed) this._write(tail);
      this.exitCode = typeof msg.exitCode === 'number' ? msg.exitCode : null;
      const wasDisposed = this._disposed;
      this._disposed = true;
      this._term = null;
      if (this._onExit && !wasDisposed) this._onExit(this.exitCode);
      this._done(this.exitCode);
    }
  }

  /** Type data (a string, as xterm.js's onData gives it, or bytes). */
  input(data) {
    if (this._disposed) return;
    let bytes;
    if (typeof data === 'string') bytes = Buffer.from(data, 'utf8');
    else if (data instanceof Uint8Array) bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    else fail(`input(data): data must be a string or bytes (Uint8Array), not ${data === null ? 'null' : typeof data}`);
    if (bytes.length === 0) return;
    this._pending.push(bytes);
    this._flush();
  }

  /** A new window size: the shell and its programs see it (SIGWINCH). */
  resize(cols, rows) {
    checkSize('resize(cols, rows)', cols, rows);
    if (this._disposed) return;
    this.columns = cols;
    this.rows = rows;
    this._flush();
  }

  // One request at a time, so that what is typed and the sizes arrive in
  // order (acs serve runs requests side by side); what comes meanwhile
  // goes in the next one.
  _flush() {
    if (this._sending || this._term === null || this._disposed) return;
    const c = this._container;
    let req = null;
    if (this.columns !== this._sizeSent.cols || this.rows !== this._sizeSent.rows) {
      this._sizeSent = { cols: this.columns, rows: this.rows };
      req = ['box.terminalResize', { term: this._term, columns: this.columns, rows: this.rows }];
    } else if (this._pending.length) {
      const data = Buffer.concat(this._pending);
      this._pending = [];
      req = ['box.terminalInput', { term: this._term, data: data.toString('base64') }];
    }
    if (!req) return;
    this._sending = true;
    c._call(req[0], req[1]).catch(() => { /* it ended meanwhile: the exit event tells */ })
      .then(() => {
        this._sending = false;
        this._flush();
      });
  }

  _close() {
    if (this._term === null) return Promise.resolve();
    return this._container._call('box.terminalClose', { term: this._term }).catch(() => {});
  }

  /** Hang the terminal up (the shell gets SIGHUP) and stop calling write(). Safe twice. */
  async dispose() {
    if (this._disposed) return this.exited;
    this._disposed = true;
    this._pending = [];
    if (!this._started) {
      this._done(null);
      return this.exited;
    }
    await this._started.catch(() => {});
    if (this._term === null && this.exitCode === null) this._done(null); // it never ran
    await this._close();
    return this.exited;
  }

  [Symbol.asyncDispose]() { return this.dispose(); }
}

module.exports = { Terminal };
