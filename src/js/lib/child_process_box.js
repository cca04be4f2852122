// child_process_box.js - node:child_process for the box's node, after
// Node 22's lib/child_process.js: the same argument handling, events
// ('spawn', 'error', 'exit', 'close' in Node's order), errors (`spawn X
// ENOENT`, `Command failed: ...`) and results. The C side (host.proc)
// starts the child, reaps it on SIGCHLD and drives its pipes; the streams
// here are Readable/Writable over those pipes.
const { EventEmitter } = require("events");
const { Readable, Writable } = require("node_stream").module;
const { Buffer } = require("node_buffer");
const { invalidArgType, invalidArgValue, outOfRange, codedError } = require("web_errors");
const { getSystemErrorName } = require("node_util");
const timers = require("timers");
const tasks = require("tasks");
const signals = require("node_os").constants.signals;
const ipc = require("child_process_ipc");

const P = host.proc;
const MAX_BUFFER = 1024 * 1024;
const PIPE_OUT = -1, PIPE_IN = -2, IGNORE = -3;
const UV_ESRCH = -3, UV_EINVAL = -22;

const proc = () => require("process").process;

const signalNames = [];
for (const name of Object.keys(signals)) if (signalNames[signals[name]] === undefined) signalNames[signals[name]] = name;

function errnoException(err, syscall) {
  const code = getSystemErrorName(err);
  const ex = new Error(`${syscall} ${code}`);
  ex.errno = err;
  ex.code = code;
  ex.syscall = syscall;
  return ex;
}

function genericNodeError(message, props) {
  const err = new Error(message);
  Object.assign(err, props);
  return err;
}

function unknownSignal(sig) {
  return codedError(TypeError, "ERR_UNKNOWN_SIGNAL", `Unknown signal: ${sig}`);
}

function convertToValidSignal(sig) {
  if (typeof sig === "number" && Number.isInteger(sig) && signalNames[sig]) return sig;
  if (typeof sig === "string") {
    const n = signals[sig.toUpperCase()];
    if (n) return n;
  }
  throw unknownSignal(sig);
}

function sanitizeKillSignal(sig) {
  if (typeof sig === "string" || typeof sig === "number") return convertToValidSignal(sig);
  if (sig != null) throw invalidArgType("options.killSignal", "of type string or number", sig);
  return signals.SIGTERM;
}

function validateString(v, name) {
  if (typeof v !== "string") throw invalidArgType(name, "of type string", v);
}

function nullCheck(v, name) {
  if (typeof v === "string" && v.includes("\u0000"))
    throw codedError(TypeError, "ERR_INVALID_ARG_VALUE",
      `The ${name.includes(".") ? "property" : "argument"} '${name}' must be a string without null bytes. Received ${require("web_errors").inspectValue(v)}`);
}

function validateObject(v, name) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw invalidArgType(name, "of type object", v);
}

function validateTimeout(timeout) {
  if (timeout != null && !(Number.isInteger(timeout) && timeout >= 0))
    throw outOfRange("timeout", "an unsigned integer", timeout);
}

function validateMaxBuffer(maxBuffer) {
  if (maxBuffer != null && !(typeof maxBuffer === "number" && maxBuffer >= 0))
    throw outOfRange("options.maxBuffer", "a positive number", maxBuffer);
}

function validateFunction(v, name) {
  if (typeof v !== "function") throw invalidArgType(name, "of type function", v);
}

function pathOf(v, name) {
  if (v instanceof URL || (v && typeof v === "object" && v.href && v.protocol)) return require("node_url").fileURLToPath(v);
  if (Buffer.isBuffer(v)) return v.toString();
  validateString(v, name);
  nullCheck(v, name);
  return v;
}

function normalizeSpawnArguments(file, args, options) {
  validateString(file, "file");
  nullCheck(file, "file");
  if (file.length === 0) throw codedError(TypeError, "ERR_INVALID_ARG_VALUE", "The argument 'file' cannot be empty. Received ''");
  if (Array.isArray(args)) args = args.slice();
  else if (args == null) args = [];
  else if (typeof args !== "object") throw invalidArgType("args", "of type object", args);
  else { options = args; args = []; }
  args.forEach((a, i) => nullCheck(a, `args[${i}]`));
  if (options === undefined) options = {};
  else validateObject(options, "options");
  let cwd = options.cwd;
  if (cwd != null) cwd = pathOf(cwd, "options.cwd");
  if (options.detached != null && typeof options.detached !== "boolean")
    throw invalidArgType("options.detached", "of type boolean", options.detached);
  if (options.shell != null && typeof options.shell !== "boolean" && typeof options.shell !== "string")
    throw invalidArgType("options.shell", "of type boolean or string", options.shell);
  if (options.argv0 != null) { validateString(options.argv0, "options.argv0"); nullCheck(options.argv0, "options.argv0"); }
  for (const id of ["uid", "gid"])
    if (options[id] != null && !(Number.isInteger(options[id]) && options[id] >= -2147483648 && options[id] <= 2147483647))
      throw invalidArgType(`options.${id}`, "of type number", options[id]);
  if (options.shell) {
    nullCheck(options.shell, "options.shell");
    const command = [file, ...args].join(" ");
    file = typeof options.shell === "string" ? options.shell : "/bin/sh";
    args = ["-c", command];
  }
  if (typeof options.argv0 === "string") args.unshift(options.argv0);
  else args.unshift(file);
  const env = options.env || proc().env;
  const envPairs = [];
  for (const key in env) {
    const value = env[key];
    if (value !== undefined) {
      nullCheck(key, `options.env['${key}']`);
      nullCheck(String(value), `options.env['${key}']`);
      envPairs.push(`${key}=${value}`);
    }
  }
  return { ...options, args, cwd, detached: !!options.detached, envPairs, file };
}

// Node's getValidStdio, with the box's kinds: pipe, ignore, inherit, a
// number or an object with an fd (process.stdout, a file stream), ipc.
function getValidStdio(stdio, sync) {
  if (typeof stdio === "string") {
    if (stdio === "pipe" || stdio === "overlapped" || stdio === "ignore" || stdio === "inherit") stdio = [stdio, stdio, stdio];
    else throw invalidArgValue("stdio", stdio);
  } else if (!Array.isArray(stdio)) {
    throw invalidArgValue("stdio", stdio);
  } else {
    stdio = stdio.slice();
  }
  while (stdio.length < 3) stdio.push(undefined);
  let ipcAt = -1;
  const out = stdio.map((s, i) => {
    if (s == null) s = i < 3 ? "pipe" : "ignore";
    if (s === "ignore") return { type: "ignore" };
    if (s === "pipe" || s === "overlapped") return { type: "pipe", readable: i === 0, writable: i !== 0 };
    if (s === "ipc") {
      if (sync || ipcAt !== -1) throw codedError(Error, sync ? "ERR_IPC_SYNC_FORK" : "ERR_IPC_ONE_PIPE",
        sync ? "IPC cannot be used with synchronous forks" : "Child process can have only one IPC pipe");
      ipcAt = i;
      return { type: "ipc" };
    }
    if (s === "inherit") return { type: "fd", fd: i };
    if (typeof s === "number") return { type: "fd", fd: s };
    if (s && typeof s.fd === "number") return { type: "fd", fd: s.fd };
    if (s && typeof s === "object" && (s instanceof Readable || s instanceof Writable))
      throw codedError(TypeError, "ERR_INVALID_ARG_VALUE", `The argument 'stdio' is invalid. Received a stream without a file descriptor`);
    throw invalidArgValue("stdio", s);
  });
  return { stdio: out, ipc: ipcAt };
}

// The codes host.proc takes for each entry; an ipc entry is two pipes
// (one each way), the second one after the others.
function stdioCodes(stdio) {
  const codes = stdio.map((s, i) => s.type === "pipe" ? (i === 0 ? PIPE_IN : PIPE_OUT)
    : s.type === "ignore" ? IGNORE : s.type === "ipc" ? PIPE_OUT : s.fd);
  return codes;
}

// --- the streams over a child's pipes ------------------------------------

class PipeReadable extends Readable {
  constructor(id) {
    super({});
    this._pipe = id;
    this._reading = false;
    this._onChunk = (chunk) => {
      if (chunk === null) { this._reading = false; this.push(null); return; }
      if (typeof chunk === "number") { this._reading = false; this.destroy(errnoException(chunk, "read")); return; }
      if (!this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length))) {
        this._reading = false;
        P.pipeReadStop(this._pipe);
      }
    };
  }
  _read() {
    if (this._reading || this._pipe < 0) return;
    this._reading = true;
    const rc = P.pipeRead(this._pipe, this._onChunk);
    if (rc < 0) { this._reading = false; this.destroy(errnoException(rc, "read")); }
  }
  _destroy(err, cb) {
    if (this._pipe >= 0) P.pipeClose(this._pipe);
    this._pipe = -1;
    cb(err);
  }
  ref() { if (this._pipe >= 0) P.pipeRef(this._pipe, true); return this; }
  unref() { if (this._pipe >= 0) P.pipeRef(this._pipe, false); return this; }
}

class PipeWritable extends Writable {
  constructor(id) {
    super({ decodeStrings: true });
    this._pipe = id;
  }
  _write(chunk, encoding, cb) {
    if (this._pipe < 0) return cb(errnoException(-32, "write"));
    const rc = P.pipeWrite(this._pipe, chunk, (status) => cb(status < 0 ? errnoException(status, "write") : null));
    if (rc < 0) cb(errnoException(rc, "write"));
  }
  _final(cb) {
    if (this._pipe >= 0) P.pipeClose(this._pipe);
    this._pipe = -1;
    cb();
  }
  _destroy(err, cb) {
    if (this._pipe >= 0) P.pipeClose(this._pipe);
    this._pipe = -1;
    cb(err);
  }
  ref() { if (this._pipe >= 0) P.pipeRef(this._pipe, true); return this; }
  unref() { if (this._pipe >= 0) P.pipeRef(this._pipe, false); return this; }
}

function pipeStream(fd, readable) {
  const id = fd >= 0 ? P.pipeOpen(fd) : -1;
  const s = readable ? new PipeReadable(id < 0 ? -1 : id) : new PipeWritable(id < 0 ? -1 : id);
  if (readable && id < 0) s.push(null);
  return s;
}

// --- ChildProcess ------------------------------------------------------------

const live = new Map(); // pid -> ChildProcess
let listening = false;

function onChildExit(pid, code, signo) {
  const child = live.get(pid);
  if (!child) return;
  live.delete(pid);
  child._onexit(code, signo ? signalNames[signo] || signo : null);
}

function maybeClose(subprocess) {
  subprocess._closesGot++;
  if (subprocess._closesGot === subprocess._closesNeeded)
    subprocess.emit("close", subprocess.exitCode, subprocess.signalCode);
}

function flushStdio(subprocess) {
  const stdio = subprocess.stdio;
  if (stdio == null) return;
  for (const stream of stdio) {
    if (!stream || !stream.readable || stream._readableState.readableListening) continue;
    stream.resume();
  }
}

function ChildProcess() {
  EventEmitter.call(this);
  this._closesNeeded = 1;
  this._closesGot = 0;
  this.connected = false;
  this.signalCode = null;
  this.exitCode = null;
  this.killed = false;
  this.spawnfile = null;
  this._handle = null;
}
Object.setPrototypeOf(ChildProcess.prototype, EventEmitter.prototype);
Object.setPrototypeOf(ChildProcess, EventEmitter);

ChildProcess.prototype.spawn = function spawn(options) {
  validateObject(options, "options");
  const { stdio, ipc: ipcAt } = getValidStdio(options.stdio || "pipe", false);
  if (options.envPairs === undefined) options.envPairs = [];
  validateString(options.file, "options.file");
  this.spawnfile = options.file;
  if (options.args === undefined) this.spawnargs = [];
  else this.spawnargs = options.args;
  const codes = stdioCodes(stdio);
  let envPairs = options.envPairs;
  if (ipcAt >= 0) {
    // the child's end of the channel: fd ipcAt it writes, the next free
    // one it reads (our node's NODE_CHANNEL_FD names both)
    codes.push(PIPE_IN);
    envPairs = [...envPairs, `NODE_CHANNEL_FD=${ipcAt},${codes.length - 1}`, "NODE_CHANNEL_SERIALIZATION_MODE=json"];
  }
  if (!listening) {
    P.onExit(onChildExit);
    listening = true;
  }
  const r = P.spawn(options.file, options.args || [], envPairs, options.cwd ?? null, codes);
  let err = 0;
  let fds = [];
  if (typeof r === "number") {
    err = r;
    if (err !== -13 && err !== -11 && err !== -24 && err !== -23 && err !== -2) {
      throw errnoException(err, "spawn");
    }
    tasks.nextTick(() => this._onexit(err, null));
  } else {
    this._handle = { pid: r[0] };
    fds = r.slice(1);
    this.pid = r[0];
    live.set(this.pid, this);
    tasks.nextTick(() => this.emit("spawn"));
  }
  this.stdio = [];
  for (let i = 0; i < stdio.length; i++) {
    const s = stdio[i];
    if (s.type === "pipe") {
      const stream = pipeStream(err ? -1 : fds[i], i !== 0);
      this.stdio.push(stream);
      if (i > 0 && !err) {
        this._closesNeeded++;
        stream.on("close", () => maybeClose(this));
      } else if (i > 0) {
        this._closesNeeded++;
        stream.on("close", () => maybeClose(this));
        stream.resume();
      }
      // as a net.Socket does: read at once (up to the high-water mark),
      // so that a child whose output nobody reads is not held up
      if (i > 0 && !err) stream.read(0);
    } else {
      this.stdio.push(null);
    }
  }
  this.stdin = this.stdio.length >= 1 && this.stdio[0] != null ? this.stdio[0] : null;
  this.stdout = this.stdio.length >= 2 && this.stdio[1] != null ? this.stdio[1] : null;
  this.stderr = this.stdio.length >= 3 && this.stdio[2] != null ? this.stdio[2] : null;
  if (ipcAt >= 0 && !err) ipc.setupChannel(this, fds[ipcAt], fds[codes.length - 1]);
  return err;
};

ChildProcess.prototype._onexit = function _onexit(exitCode, signalCode) {
  if (signalCode) this.signalCode = signalCode;
  else this.exitCode = exitCode;
  if (this.stdin) this.stdin.destroy();
  this._handle = null;
  if (exitCode < 0) {
    const syscall = this.spawnfile ? `spawn ${this.spawnfile}` : "spawn";
    const err = errnoException(exitCode, syscall);
    if (this.spawnfile) err.path = this.spawnfile;
    err.spawnargs = this.spawnargs.slice(1);
    this.emit("error", err);
  } else {
    this.emit("exit", this.exitCode, this.signalCode);
  }
  tasks.nextTick(flushStdio, this);
  maybeClose(this);
};

ChildProcess.prototype.kill = function kill(sig) {
  const signal = sig === 0 ? 0 : convertToValidSignal(sig === undefined ? "SIGTERM" : sig);
  if (this._handle) {
    const err = P.kill(this._handle.pid, signal);
    if (err === 0) {
      this.killed = true;
      return true;
    }
    if (err === UV_ESRCH) {
      // already dead
    } else if (err === UV_EINVAL || err === -38) {
      throw errnoException(err, "kill");
    } else {
      this.emit("error", errnoException(err, "kill"));
    }
  }
  return false;
};

ChildProcess.prototype[Symbol.dispose] = function () {
  if (!this.killed) this.kill();
};

ChildProcess.prototype.ref = function ref() {
  if (this._handle) P.setRef(this._handle.pid, true);
};

ChildProcess.prototype.unref = function unref() {
  if (this._handle) P.setRef(this._handle.pid, false);
};

// --- spawn, exec, execFile -----------------------------------------------------

// A child starts with its parent's ids (the box's kernel has no setuid
// for a spawn): another uid or gid is EPERM, as for a user who may not.
function idsRefused(options) {
  const p = proc();
  return (options.uid != null && options.uid !== p.getuid()) || (options.gid != null && options.gid !== p.getgid());
}

function spawn(file, args, options) {
  options = normalizeSpawnArguments(file, args, options);
  if (idsRefused(options)) throw errnoException(-1, "spawn");
  validateTimeout(options.timeout);
  const killSignal = sanitizeKillSignal(options.killSignal);
  const child = new ChildProcess();
  child.spawn(options);
  if (options.timeout > 0) {
    let timeoutId = timers.setTimeout(() => {
      if (timeoutId) {
        try { child.kill(killSignal); } catch (err) { child.emit("error", err); }
        timeoutId = null;
      }
    }, options.timeout);
    child.once("exit", () => {
      if (timeoutId) { timers.clearTimeout(timeoutId); timeoutId = null; }
    });
  }
  if (options.signal) {
    const signal = options.signal;
    const onAbort = () => {
      if (child.kill(killSignal)) {
        const err = new Error("The operation was aborted");
        err.name = "AbortError";
        err.code = "ABORT_ERR";
        err.cause = signal.reason;
        child.emit("error", err);
      }
    };
    if (signal.aborted) tasks.nextTick(onAbort);
    else {
      signal.addEventListener("abort", onAbort, { once: true });
      child.once("exit", () => signal.removeEventListener("abort", onAbort));
    }
  }
  return child;
}

function normalizeExecArgs(command, options, callback) {
  validateString(command, "command");
  nullCheck(command, "command");
  if (typeof options === "function") { callback = options; options = undefined; }
  options = { ...options };
  options.shell = typeof options.shell === "string" ? options.shell : true;
  return { file: command, options, callback };
}

function normalizeExecFileArgs(file, args, options, callback) {
  if (Array.isArray(args)) args = args.slice();
  else if (args != null && typeof args === "object") { callback = options; options = args; args = null; }
  else if (typeof args === "function") { callback = args; options = null; args = null; }
  if (args == null) args = [];
  if (typeof options === "function") callback = options;
  else if (options != null) validateObject(options, "options");
  if (options == null) options = {};
  if (callback != null) validateFunction(callback, "callback");
  if (options.argv0 != null) { validateString(options.argv0, "options.argv0"); nullCheck(options.argv0, "options.argv0"); }
  return { file, args, options, callback };
}

function execFile(file, args, options, callback) {
  ({ file, args, options, callback } = normalizeExecFileArgs(file, args, options, callback));
  options = { encoding: "utf8", timeout: 0, maxBuffer: MAX_BUFFER, killSignal: "SIGTERM", cwd: null, env: null, shell: false, ...options };
  validateTimeout(options.timeout);
  validateMaxBuffer(options.maxBuffer);
  options.killSignal = sanitizeKillSignal(options.killSignal);
  const child = spawn(file, args, {
    cwd: options.cwd, env: options.env, gid: options.gid, shell: options.shell,
    signal: options.signal, uid: options.uid, argv0: options.argv0,
  });
  const encoding = options.encoding !== "buffer" && Buffer.isEncoding(options.encoding) ? options.encoding : null;
  const _stdout = [], _stderr = [];
  let stdoutLen = 0, stderrLen = 0, killed = false, exited = false, timeoutId, ex = null;
  let cmd = file;

  function exithandler(code, signal) {
    if (exited) return;
    exited = true;
    if (timeoutId) { timers.clearTimeout(timeoutId); timeoutId = null; }
    if (!callback) return;
    let stdout, stderr;
    if (encoding || (child.stdout && child.stdout.readableEncoding)) stdout = _stdout.join("");
    else stdout = Buffer.concat(_stdout);
    if (encoding || (child.stderr && child.stderr.readableEncoding)) stderr = _stderr.join("");
    else stderr = Buffer.concat(_stderr);
    if (!ex && code === 0 && signal === null) {
      callback(null, stdout, stderr);
      return;
    }
    if (args?.length) cmd += ` ${args.join(" ")}`;
    if (!ex) {
      ex = genericNodeError(`Command failed: ${cmd}\n${stderr}`, {
        code: code < 0 ? getSystemErrorName(code) : code,
        killed: child.killed || killed,
        signal,
      });
    }
    ex.cmd = cmd;
    callback(ex, stdout, stderr);
  }
  function errorhandler(e) {
    ex = e;
    if (child.stdout) child.stdout.destroy();
    if (child.stderr) child.stderr.destroy();
    exithandler();
  }
  function kill() {
    if (child.stdout) child.stdout.destroy();
    if (child.stderr) child.stderr.destroy();
    killed = true;
    try {
      child.kill(options.killSignal);
    } catch (e) {
      ex = e;
      exithandler();
    }
  }
  if (options.timeout > 0) {
    timeoutId = timers.setTimeout(() => { kill(); timeoutId = null; }, options.timeout);
  }
  const collect = (stream, chunks, which) => {
    if (encoding) stream.setEncoding(encoding);
    stream.on("data", (chunk) => {
      if (options.maxBuffer === Infinity) { chunks.push(chunk); return; }
      const enc = stream.readableEncoding;
      const length = enc ? Buffer.byteLength(chunk, enc) : chunk.length;
      const had = which === "stdout" ? stdoutLen : stderrLen;
      const total = had + length;
      if (which === "stdout") stdoutLen = total; else stderrLen = total;
      if (total > options.maxBuffer) {
        const truncatedLen = options.maxBuffer - had;
        chunks.push(chunk.slice(0, truncatedLen));
        ex = codedError(RangeError, "ERR_CHILD_PROCESS_STDIO_MAXBUFFER", `${which} maxBuffer length exceeded`);
        kill();
      } else {
        chunks.push(chunk);
      }
    });
  };
  if (child.stdout) collect(child.stdout, _stdout, "stdout");
  if (child.stderr) collect(child.stderr, _stderr, "stderr");
  child.addListener("close", exithandler);
  child.addListener("error", errorhandler);
  return child;
}

function exec(command, options, callback) {
  const opts = normalizeExecArgs(command, options, callback);
  return execFile(opts.file, opts.options, opts.callback);
}

function promisified(run) {
  return (...args) => {
    let child;
    const promise = new Promise((resolve, reject) => {
      child = run(...args, (err, stdout, stderr) => {
        if (err !== null) {
          err.stdout = stdout;
          err.stderr = stderr;
          reject(err);
        } else {
          resolve({ stdout, stderr });
        }
      });
    });
    promise.child = child;
    return promise;
  };
}
const kCustomPromisify = Symbol.for("nodejs.util.promisify.custom");
Object.defineProperty(exec, kCustomPromisify, { enumerable: false, value: promisified(exec) });
Object.defineProperty(execFile, kCustomPromisify, { enumerable: false, value: promisified(execFile) });

// --- the sync forms -------------------------------------------------------------

function spawnSync(file, args, options) {
  options = { maxBuffer: MAX_BUFFER, ...normalizeSpawnArguments(file, args, options) };
  validateTimeout(options.timeout);
  validateMaxBuffer(options.maxBuffer);
  options.killSignal = sanitizeKillSignal(options.killSignal);
  const { stdio } = getValidStdio(options.stdio || "pipe", true);
  let input = options.input ?? stdio[0].input;
  if (input != null && input !== "") {
    if (typeof input === "string") input = Buffer.from(input, options.encoding && options.encoding !== "buffer" ? options.encoding : "utf8");
    else if (!ArrayBuffer.isView(input))
      throw invalidArgType("options.stdio[0]", "an instance of Buffer, TypedArray, or DataView", input);
    else input = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  } else {
    input = null;
  }
  const codes = stdioCodes(stdio);
  const r = idsRefused(options) ? -1 : P.spawnSync(options.file, options.args, options.envPairs, options.cwd ?? null, codes, input,
    options.timeout || 0, options.maxBuffer ?? MAX_BUFFER, options.killSignal);
  let result;
  if (typeof r === "number") {
    result = { error: r, status: null, signal: null, output: null, pid: 0 };
  } else {
    const output = r.output.map((u8, i) => codes[i] === PIPE_OUT && u8 ? Buffer.from(u8.buffer, u8.byteOffset, u8.length) : null);
    result = r.error ? { error: r.error } : {};
    Object.assign(result, {
      status: r.status, signal: r.signal ? signalNames[r.signal] || r.signal : null, output, pid: r.pid,
    });
  }
  if (result.output && options.encoding && options.encoding !== "buffer") {
    for (let i = 0; i < result.output.length; i++)
      if (result.output[i]) result.output[i] = result.output[i].toString(options.encoding);
  }
  result.stdout = result.output?.[1];
  result.stderr = result.output?.[2];
  if (result.error) {
    result.error = errnoException(result.error, `spawnSync ${options.file}`);
    result.error.path = options.file;
    result.error.spawnargs = options.args.slice(1);
  }
  return result;
}

function checkExecSyncError(ret, args, cmd) {
  let err;
  if (ret.error) {
    err = ret.error;
    Object.assign(err, ret);
  } else if (ret.status !== 0) {
    let msg = "Command failed: ";
    msg += cmd || args.join(" ");
    if (ret.stderr && ret.stderr.length > 0) msg += `\n${ret.stderr.toString()}`;
    err = genericNodeError(msg, ret);
  }
  return err;
}

function execFileSync(file, args, options) {
  ({ file, args, options } = normalizeExecFileArgs(file, args, options));
  const inheritStderr = !options.stdio;
  const ret = spawnSync(file, args, options);
  if (inheritStderr && ret.stderr) proc().stderr.write(ret.stderr);
  const err = checkExecSyncError(ret, [options.argv0 || file, ...args]);
  if (err) throw err;
  return ret.stdout;
}

function execSync(command, options) {
  const opts = normalizeExecArgs(command, options, null);
  const inheritStderr = !opts.options.stdio;
  const ret = spawnSync(opts.file, opts.options);
  if (inheritStderr && ret.stderr) proc().stderr.write(ret.stderr);
  const err = checkExecSyncError(ret, undefined, command);
  if (err) throw err;
  return ret.stdout;
}

// --- fork ------------------------------------------------------------------------

function fork(modulePath, args, options) {
  modulePath = pathOf(modulePath, "modulePath");
  let execArgv;
  if (args == null) args = [];
  else if (typeof args === "object" && !Array.isArray(args)) { options = args; args = []; }
  else if (!Array.isArray(args)) throw invalidArgType("args", "of type object", args);
  else args = args.slice();
  if (options != null) validateObject(options, "options");
  options = { ...options, shell: false };
  execArgv = options.execArgv || proc().execArgv;
  args = [...execArgv, modulePath, ...args];
  if (typeof options.stdio === "string") {
    options.stdio = options.stdio === "ignore" ? ["ignore", "ignore", "ignore", "ipc"]
      : options.stdio === "inherit" ? ["inherit", "inherit", "inherit", "ipc"]
        : ["pipe", "pipe", "pipe", "ipc"];
  } else if (!Array.isArray(options.stdio)) {
    options.stdio = options.silent ? ["pipe", "pipe", "pipe", "ipc"] : ["inherit", "inherit", "inherit", "ipc"];
  } else if (!options.stdio.includes("ipc")) {
    throw codedError(Error, "ERR_CHILD_PROCESS_IPC_REQUIRED", "Forked processes must have an IPC channel, missing value 'ipc' in options.stdio");
  }
  options.execPath = options.execPath || proc().execPath;
  return spawn(options.execPath, args, options);
}

exports.install = (target) => {
  Object.assign(target, {
    ChildProcess, _forkChild: ipc.forkChild, exec, execFile, execFileSync, execSync, fork, spawn, spawnSync,
  });
};
exports.convertToValidSignal = convertToValidSignal;
exports.signalNames = signalNames;
exports.errnoException = errnoException;
exports.pipeStream = pipeStream;
