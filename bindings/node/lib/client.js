'use strict';
// One long-lived `acs serve --stdio` child shared by every exec() call of
// the process: started on the first call, started again after it dies. It
// never keeps Node alive by itself: the child and its pipes are unref'd
// whenever no call is in flight.

const { spawn } = require('node:child_process');
const { SandboxError, SandboxConfigError } = require('./errors.js');
const { findAcs, notFoundMessage } = require('./find-acs.js');

const STDERR_TAIL = 4096;
let nextId = 1;
let current = null; // the live Server, or null

function stoppedResult() {
  return {
    stdout: '', stderr: '', exitCode: null, timedOut: true, truncated: false,
    durationMs: 0, stoppedBy: 'signal',
  };
}

function checkResult(r) {
  if (r === null || typeof r !== 'object') return null;
  if (typeof r.stdout !== 'string' || typeof r.stderr !== 'string') return null;
  if (r.exitCode !== null && typeof r.exitCode !== 'number') return null;
  if (typeof r.timedOut !== 'boolean' || typeof r.truncated !== 'boolean') return null;
  if (typeof r.durationMs !== 'number') return null;
  const stoppedBy = r.stoppedBy === undefined ? null : r.stoppedBy;
  if (stoppedBy !== null && typeof stoppedBy !== 'string') return null;
  return {
    stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode, timedOut: r.timedOut,
    truncated: r.truncated, durationMs: r.durationMs, stoppedBy,
  };
}

class Server {
  constructor(acsPath) {
    this.acsPath = acsPath;
    this.pending = new Map(); // id -> { resolve, reject, signal, onAbort, raw, onEvent }
    this.procs = new Map(); // "box/proc" -> listener of a spawned process's events
    this.commands = new Map(); // box -> listener of its host commands' runs
    this.terms = new Map(); // "box/term" -> listener of a terminal's events
    this.boxEvents = new Map(); // box -> listener of its own events (serverReady)
    this.holds = 0; // spawned processes alive: they keep the child ref'd
    this.partial = [];
    this.stderrTail = '';
    this.dead = false;
    this.refd = true;
    const env = { ...process.env };
    if (process.env.AGENT_CODE_SANDBOX_CACHE_DIR) env.ACS_CACHE_DIR = process.env.AGENT_CODE_SANDBOX_CACHE_DIR;
    try {
      this.child = spawn(acsPath, ['serve', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env, windowsHide: true });
    } catch (e) {
      throw new SandboxError(`could not start ${acsPath} serve --stdio: ${e.message}`, { cause: e });
    }
    const child = this.child;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk) => this.onData(chunk));
    child.stderr.on('data', (chunk) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL);
    });
    // A write to a server that just died fails with EPIPE; 'close' reports it.
    child.stdin.on('error', () => {});
    child.stdout.on('error', () => {});
    child.stderr.on('error', () => {});
    child.on('error', (e) => {
      this.die(new SandboxError(`could not run ${acsPath} serve --stdio: ${e.message}`, { cause: e }));
    });
    const ended = (code, sig) => {
      const how = sig ? `was killed by ${sig}` : `exited with status ${code}`;
      const tail = this.stderrTail.trim();
      this.die(new SandboxError(`acs serve (${acsPath}) ${how}${tail ? `: ${tail}` : ''}`));
    };
    // 'close' comes once the pipes are drained too, so no response is lost;
    // should something else still hold them open, 'exit' plus a moment does.
    child.on('close', ended);
    child.on('exit', (code, sig) => setTimeout(() => ended(code, sig), 1000).unref());
    this.setRef(false);
  }

  setRef(on) {
    if (this.refd === on || this.dead) return;
    this.refd = on;
    const c = this.child;
    for (const h of [c, c.stdin, c.stdout, c.stderr]) {
      if (h && typeof h[on ? 'ref' : 'unref'] === 'function') h[on ? 'ref' : 'unref']();
    }
  }

  write(obj) {
    if (this.dead) return;
    this.child.stdin.write(JSON.stringify(obj) + '\n');
  }

  run(request, signal) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const entry = { resolve, reject, signal, onAbort: null };
      this.pending.set(id, entry);
      this.setRef(true);
      if (signal) {
        entry.onAbort = () => {
          if (this.pending.get(id) === entry) this.write({ id, cancel: true });
        };
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.write({ id, ...request });
    });
  }

  // A box method (docs/protocol.md "Boxes"): resolves with the raw result;
  // onEvent gets the events sent under this id (streamed output).
  // onResult runs as the answer is read, before the lines after it.
  call(request, onEvent, onResult) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, signal: null, onAbort: null, raw: true, onEvent, onResult });
      this.setRef(true);
      this.write({ id, ...request });
    });
  }

  hold(on) {
    this.holds += on ? 1 : -1;
    if (this.holds > 0) this.setRef(true);
    else if (this.pending.size === 0) this.setRef(false);
  }

  settle(id) {
    const entry = this.pending.get(id);
    if (!entry) return null;
    this.pending.delete(id);
    if (entry.signal && entry.onAbort) entry.signal.removeEventListener('abort', entry.onAbort);
    if (this.pending.size === 0 && this.holds === 0) this.setRef(false);
    return entry;
  }

  onData(chunk) {
    let start = 0;
    let nl;
    while (!this.dead && (nl = chunk.indexOf('\n', start)) !== -1) {
      const piece = chunk.slice(start, nl);
      const line = this.partial.length ? this.partial.join('') + piece : piece;
      this.partial = [];
      start = nl + 1;
      this.onLine(line);
    }
    if (!this.dead && start < chunk.length) this.partial.push(chunk.slice(start));
  }

  onLine(line) {
    if (line.trim() === '') return;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      return this.fatal(`acs serve sent a line that is not JSON: ${line.slice(0, 200)}`);
    }
    if (msg !== null && typeof msg === 'object' && typeof msg.event === 'string') {
      if (msg.event === 'command') {
        const l = this.commands.get(msg.box);
        if (l) l(msg);
      } else if (typeof msg.term === 'number') {
        const l = this.terms.get(`${msg.box}/${msg.term}`);
        if (l) l(msg);
      } else if (msg.event === 'serverReady') {
        const l = this.boxEvents.get(msg.box);
        if (l) l(msg);
      } else if (typeof msg.proc === 'number') {
        const l = this.procs.get(`${msg.box}/${msg.proc}`);
        if (l) l(msg);
      } else {
        const entry = this.pending.get(msg.id);
        if (entry && entry.onEvent) entry.onEvent(msg);
      }
      return;
    }
    if (msg === null || typeof msg !== 'object' || Array.isArray(msg) || !('id' in msg)) {
      return this.fatal(`acs serve sent a message without an id: ${line.slice(0, 200)}`);
    }
    if (msg.id === null) {
      // The server could not tell which request a line of ours was: every
      // call in flight might be the one, and none would get an answer.
      const m = msg.error && typeof msg.error.message === 'string' ? msg.error.message : line.slice(0, 200);
      return this.fatal(`acs serve could not read a request: ${m}`);
    }
    const entry = this.settle(msg.id);
    if (!entry) return; // not ours (or already settled): nothing waits for it
    if (msg.error && typeof msg.error === 'object') {
      const text = typeof msg.error.message === 'string' ? msg.error.message : 'unknown error';
      const Cls = msg.error.type === 'SandboxConfigError' ? SandboxConfigError : SandboxError;
      const e = new Cls(text);
      if (typeof msg.error.code === 'string') e.code = msg.error.code;
      return entry.reject(e);
    }
    if (entry.raw) {
      const res = msg.result && typeof msg.result === 'object' ? msg.result : {};
      if (entry.onResult) entry.onResult(res);
      return entry.resolve(res);
    }
    const result = checkResult(msg.result);
    if (!result) return entry.reject(new SandboxError(`acs serve sent a malformed response: ${line.slice(0, 200)}`));
    entry.resolve(result);
  }

  // A protocol error: this server can no longer be trusted to answer.
  fatal(message) {
    this.die(new SandboxError(message));
    try { this.child.kill('SIGKILL'); } catch { /* already gone */ }
  }

  die(error) {
    if (this.dead) return;
    this.setRef(false);
    this.dead = true;
    if (current === this) current = null;
    const entries = [...this.pending.keys()].map((id) => this.settle(id));
    for (const e of entries) e.reject(error);
    const procs = [...this.procs.values()];
    this.procs.clear();
    for (const l of procs) l({ event: 'exit', exitCode: null, error });
    const terms = [...this.terms.values()];
    this.terms.clear();
    for (const l of terms) l({ event: 'exit', exitCode: null, error });
  }
}

function getServer() {
  if (current && !current.dead && current.child.exitCode === null && current.child.signalCode === null) {
    return current;
  }
  const acsPath = findAcs();
  if (!acsPath) throw new SandboxError(notFoundMessage());
  current = new Server(acsPath);
  return current;
}

function run(request, signal) {
  if (signal && signal.aborted) return Promise.resolve(stoppedResult());
  return getServer().run(request, signal);
}

// For the tests of this package only; not API.
const internal = {
  serverPid: () => (current && !current.dead ? current.child.pid : null),
  pendingCount: () => (current ? current.pending.size : 0),
  isRefd: () => (current ? current.refd : false),
  shutdown() {
    if (current) {
      const s = current;
      s.die(new SandboxError('acs serve was shut down'));
      s.child.stdin.end();
      s.child.kill('SIGTERM');
    }
  },
};

module.exports = { run, getServer, internal };
