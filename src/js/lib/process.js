// process.js - the guest's `process`: what Node gives a program, minus the
// host. The environment holds only what the caller passed; pid, uid, title
// and the like are fixed neutral values so that nothing of the host leaks.

const { EventEmitter } = require("events");
const tasks = require("tasks");

const NODE_VERSION = "22.12.0";
const FAKE_PID = 42;
const EXEC_PATH = "/usr/local/bin/node";

// As in Node: process -> a prototype whose constructor is named "process"
// -> EventEmitter.prototype.
const ProcessProto = Object.create(EventEmitter.prototype);
Object.defineProperty(ProcessProto, "constructor", {
  value: { process: function () {} }.process, writable: true, configurable: true, enumerable: false,
});
const process = Object.create(ProcessProto);
// node as a program of a box (src/cmds/node.c): the process, its ids, cwd
// and umask are the box process's; undefined in exec.
const box = host.node;
EventEmitter.init.call(process);
let exiting = false;
let exitCode;
let warnedTrace = false;

function invalidType(name, expected, value) {
  const err = new TypeError(`The "${name}" argument must be ${expected}. Received ${tasks.describe(value)}`);
  err.code = "ERR_INVALID_ARG_TYPE";
  return err;
}

// CPU time of this process in microseconds (getrusage), less prev's as
// Node's cpuUsage(prevValue) takes it.
function cpuUsage(prev) {
  const u = host.rusage();
  if (prev === undefined || prev === null) return { user: u[0], system: u[1] };
  if (typeof prev !== "object") throw invalidType("prevValue", "of type object", prev);
  for (const k of ["user", "system"]) {
    const v = prev[k];
    if (typeof v !== "number") {
      const err = new TypeError(`The "prevValue.${k}" property must be of type number. Received ${tasks.describe(v)}`);
      err.code = "ERR_INVALID_ARG_TYPE";
      throw err;
    }
    if (!(v >= 0) || v === Infinity) {
      const err = new RangeError(`The property 'prevValue.${k}' is invalid. Received ${v}`);
      err.code = "ERR_INVALID_ARG_VALUE";
      throw err;
    }
  }
  return { user: u[0] - prev.user, system: u[1] - prev.system };
}

const usageNames = ["userCPUTime", "systemCPUTime", "maxRSS", "sharedMemorySize", "unsharedDataSize",
  "unsharedStackSize", "minorPageFault", "majorPageFault", "swappedOut", "fsRead", "fsWrite", "ipcSent",
  "ipcReceived", "signalsCount", "voluntaryContextSwitches", "involuntaryContextSwitches"];
function resourceUsage() {
  const u = host.rusage(), out = {};
  for (let i = 0; i < usageNames.length; i++) out[usageNames[i]] = u[i];
  return out;
}

function validExitCode(code) {
  if (code === undefined || code === null) return code;
  if (typeof code === "string" && /^-?\d+$/.test(code.trim())) return Number(code);
  if (typeof code !== "number" || !Number.isInteger(code)) {
    const err = new TypeError(`The "code" argument must be of type number. Received ${tasks.describe(code)}`);
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }
  return code;
}

// The box's node writes bytes as they are (a child's output piped to
// process.stdout may be binary); a closed reader is let be, as host.write
// lets it be.
function writeBytes(fd, u8) {
  try {
    for (let off = 0; off < u8.length;) off += host.fs.write(fd, u8, off, u8.length - off, -1);
  } catch {}
}

// A Writable-like stream over one of the guest's output fds.
function makeStream(fd) {
  const s = new EventEmitter();
  s.fd = fd;
  s.isTTY = false;
  s.writable = true;
  s._isStdio = true;
  s.write = function write(chunk, encoding, cb) {
    if (typeof encoding === "function") cb = encoding;
    if (typeof chunk === "string") host.write(fd, chunk);
    else if (chunk instanceof Uint8Array && box) writeBytes(fd, chunk);
    else if (chunk instanceof Uint8Array) host.write(fd, new (require("encoding").TextDecoder)().decode(chunk));
    else throw invalidType("chunk", "of type string or an instance of Buffer, TypedArray, or DataView", chunk);
    if (typeof cb === "function") tasks.nextTick(cb);
    return true;
  };
  s.end = function end(chunk, encoding, cb) {
    if (typeof chunk === "function") cb = chunk, chunk = undefined;
    if (typeof encoding === "function") cb = encoding, encoding = undefined;
    if (chunk !== undefined && chunk !== null) s.write(chunk, encoding);
    // stdio is never closed, but the stream reports that writing finished
    tasks.nextTick(() => {
      s.writableFinished = true;
      s.emit("finish");
      if (typeof cb === "function") cb();
    });
    return s;
  };
  s.writableEnded = false;
  s.writableFinished = false;
  s.destroyed = false;
  s.destroy = () => s;
  s.cork = s.uncork = () => {};
  s.setDefaultEncoding = () => s;
  s.getColorDepth = () => 1;
  s.hasColors = () => false;
  s.writableLength = 0;
  s.writableHighWaterMark = 16384;
  return s;
}

function makeEnv() {
  const target = { __proto__: null };
  for (const item of host.env) {
    const eq = item.indexOf("=");
    target[item.slice(0, eq)] = item.slice(eq + 1);
  }
  // As in Node, every value assigned becomes a string.
  return new Proxy(target, {
    set(t, key, value) {
      if (typeof key === "symbol") return Reflect.set(t, key, value);
      t[key] = String(value);
      return true;
    },
    defineProperty(t, key, desc) {
      if ("value" in desc) desc = { ...desc, value: String(desc.value) };
      return Reflect.defineProperty(t, key, desc);
    },
  });
}

const startNs = 0;

function hrtime(prev) {
  const ns = host.hrtime();
  let sec = Math.floor(ns / 1e9);
  let nsec = Math.floor(ns - sec * 1e9);
  if (prev !== undefined) {
    if (!Array.isArray(prev)) throw invalidType("time", "an instance of Array", prev);
    if (prev.length !== 2) {
      const err = new RangeError(`The value of "time" is out of range. It must be 2. Received ${prev.length}`);
      err.code = "ERR_OUT_OF_RANGE";
      throw err;
    }
    sec -= prev[0];
    nsec -= prev[1];
    if (nsec < 0) { sec--; nsec += 1e9; }
  }
  return [sec, nsec];
}
hrtime.bigint = () => BigInt(Math.floor(host.hrtime() + 1e9 - startNs));

function memoryUsage() {
  const m = host.memoryUsage();
  return { rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: 0 };
}
memoryUsage.rss = () => host.memoryUsage().rss;

function exit(code) {
  const c = validExitCode(code);
  if (c !== undefined) exitCode = c;
  if (!exiting) {
    exiting = true;
    try {
      process.emit("exit", exitCode === undefined || exitCode === null ? 0 : exitCode);
    } catch (err) {
      // An 'exit' listener threw: Node reports it and exits with 7.
      host.write(2, require("errors").formatUncaught(err));
      host.exit(7);
    }
  }
  host.exit(exitCode === undefined || exitCode === null ? 0 : exitCode);
}

// A cwd removed before node started: process.cwd() throws until a chdir,
// as Node's uv_cwd fails ("ENOENT: no such file or directory, uv_cwd").
let cwdErrno = 0;

function cwd() {
  if (cwdErrno) {
    const e = cwdErrno === 2 ? { code: "ENOENT", text: "no such file or directory" } : { code: "UNKNOWN", text: "unknown error" };
    throw require("fs_core").uvError({ errno: -cwdErrno, code: e.code, text: e.text, syscall: "uv_cwd" });
  }
  return host.cwd;
}

// process.chdir in a box: the kernel's cwd, and ours with it (host.cwd).
function chdir(directory) {
  if (typeof directory !== "string") throw invalidType("directory", "of type string", directory);
  const from = host.cwd;
  try {
    host.fs.chdir(directory);
    cwdErrno = 0;
  } catch (e) {
    if (!e || typeof e !== "object" || !("errno" in e)) throw e;
    // Node's words: "ENOENT: no such file or directory, chdir '/from' -> 'to'"
    throw require("fs_core").uvError(e, from, directory);
  }
}

// process.umask([mask]) in a box: the kernel keeps the mask.
function umask(mask) {
  if (mask === undefined) return host.fs.umask(undefined);
  if (typeof mask === "string") {
    if (!/^[0-7]+$/.test(mask)) {
      const err = new TypeError(`The argument 'mask' must be a 32-bit unsigned integer or an octal string. Received ${require("inspect").inspect(mask)}`);
      err.code = "ERR_INVALID_ARG_VALUE";
      throw err;
    }
    mask = parseInt(mask, 8);
  }
  if (typeof mask !== "number") throw invalidType("mask", "of type number", mask);
  return host.fs.umask(mask & 0o777);
}

function emitWarning(warning, type, code, ctor) {
  let detail;
  if (type !== null && typeof type === "object" && !Array.isArray(type)) {
    ({ type, code, detail } = type);
  } else if (typeof type === "function") {
    type = undefined;
    code = undefined;
  } else if (typeof code === "function") {
    // emitWarning(warning, type, ctor), as Node takes it
    code = undefined;
  }
  if (typeof warning === "string") {
    const w = new Error(warning);
    w.name = String(type || "Warning");
    if (code !== undefined) w.code = code;
    if (detail !== undefined) w.detail = detail;
    warning = w;
  } else if (!(warning instanceof Error)) {
    throw invalidType("warning", "of type string or an instance of Error", warning);
  }
  if (warning.name === "DeprecationWarning" && process.noDeprecation) return;
  tasks.nextTick(() => {
    process.emit("warning", warning);
    if (process.listenerCount("warning") > 1) return;
    let text = `(node:${FAKE_PID}) `;
    if (warning.code) text += `[${warning.code}] `;
    text += `${warning.name}: ${warning.message}\n`;
    if (typeof warning.detail === "string") text += `${warning.detail}\n`;
    if (!warnedTrace) {
      warnedTrace = true;
      text += warning.name === "DeprecationWarning"
        ? "(Use `node --trace-deprecation ...` to show where the warning was created)\n"
        : "(Use `node --trace-warnings ...` to show where the warning was created)\n";
    }
    host.write(2, text);
  });
}

// An exception no code caught: 'uncaughtException' listeners, or the end.
function handleUncaught(err, fromPromise) {
  if (process.listenerCount("uncaughtException") > 0) {
    process.emit("uncaughtException", err, fromPromise ? "unhandledRejection" : "uncaughtException");
    return;
  }
  // the box's node ends the report as Node does, with its version
  host.write(2, require("errors").formatUncaught(err, fromPromise) + (box ? `\nNode.js v${NODE_VERSION}\n` : ""));
  exitCode = 1;
  if (!exiting) {
    exiting = true;
    try {
      process.emit("exit", 1);
    } catch {
      host.exit(7);
    }
  }
  host.exit(1);
}

function handleUnhandledRejection(reason, promise) {
  if (process.listenerCount("unhandledRejection") > 0) {
    process.emit("unhandledRejection", reason, promise);
    return;
  }
  handleUncaught(reason, true);
}

function unsupported(name) {
  return function () {
    const err = new Error(`process.${name}() is not allowed in the sandbox`);
    err.code = "ERR_ACCESS_DENIED";
    throw err;
  };
}

Object.defineProperty(process, Symbol.toStringTag, { value: "process", configurable: true });
Object.assign(process, {
  title: "node",
  version: `v${NODE_VERSION}`,
  versions: { node: NODE_VERSION, acs: host.version, javascriptcore: "2.50", uv: "1.44.2", modules: "127" },
  arch: "x64",
  platform: "linux",
  release: { name: "node", lts: "Jod" },
  // the run's (fillRun, below)
  argv: [],
  argv0: "node",
  execArgv: [],
  execPath: EXEC_PATH,
  pid: FAKE_PID,
  ppid: FAKE_PID - 1,
  env: undefined,
  exitCode: undefined,
  features: { inspector: false, ipv6: true, tls: false, typescript: "strip" },
  config: { variables: {} },
  noDeprecation: false,
  throwDeprecation: false,
  traceDeprecation: false,
  allowedNodeEnvironmentFlags: new Set(),
  stdout: makeStream(1),
  stderr: makeStream(2),
  cwd,
  chdir: box ? chdir : unsupported("chdir"),
  exit,
  reallyExit: exit,
  abort: unsupported("abort"),
  kill: unsupported("kill"),
  dlopen() {
    const err = new Error("native addons cannot load in the sandbox");
    err.code = "ERR_ACCESS_DENIED";
    throw err;
  },
  binding(name) {
    const err = new Error(`No such module: ${name}`);
    err.code = "ERR_ACCESS_DENIED";
    throw err;
  },
  nextTick: tasks.nextTick,
  hrtime,
  memoryUsage,
  uptime: () => host.hrtime() / 1e9,
  cpuUsage,
  resourceUsage,
  emitWarning,
  umask: box ? umask : () => 0o22,
  getuid: () => (box ? box.uid : 1000),
  geteuid: () => (box ? box.euid : 1000),
  getgid: () => (box ? box.gid : 1000),
  getegid: () => (box ? box.egid : 1000),
  getgroups: () => [box ? box.egid : 1000],
});
Object.defineProperty(process, "exitCode", {
  enumerable: true,
  configurable: false,
  get() { return exitCode; },
  set(v) { exitCode = validExitCode(v); },
});

// The box's node: process.kill and signal listeners.
if (box) require("process_signals").install(process);

// What is the run's own. The box's node loads this file in its zygote,
// before any run (bootstrap.js, preloadForBox, with host.preloading set),
// and each run fills these in as it starts; any other load is in its run.
function fillRun() {
  Object.assign(process, {
    argv: box ? [box.execPath, ...box.argv] : [EXEC_PATH, host.filename, ...host.argv],
    argv0: box ? box.argv0 : "node",
    execPath: box ? box.execPath : EXEC_PATH,
    pid: box ? box.pid : FAKE_PID,
    ppid: box ? box.ppid : FAKE_PID - 1,
    env: makeEnv(),
  });
  cwdErrno = box && box.cwdErrno ? box.cwdErrno : 0;
  // a forked child's channel to its parent (process.send)
  if (box && process.env.NODE_CHANNEL_FD) require("child_process_ipc").forkChild(process);
}
if (!host.preloading) fillRun();

// stdin is empty in the sandbox (the worker's fd 0 is /dev/null): a stream
// that ends at once, as Node's process.stdin is under `< /dev/null`. Made on
// first read, since it needs the stream modules.
let stdin;
Object.defineProperty(process, "stdin", {
  enumerable: true,
  configurable: true,
  get() {
    if (!stdin) stdin = new (require("fs_streams").ReadStream)(null, { fd: 0, autoClose: false });
    return stdin;
  },
});

// Hooks for the runtime (not reachable from the guest's `process`).
exports.process = process;
exports.fillRun = fillRun;
exports.handleUncaught = handleUncaught;
exports.handleUnhandledRejection = handleUnhandledRejection;
exports.emitWarning = emitWarning;
exports.emitBeforeExit = () => {
  if (process.listenerCount("beforeExit") > 0) process.emit("beforeExit", exitCode === undefined ? 0 : exitCode);
};
exports.emitExit = () => {
  const code = exitCode === undefined || exitCode === null ? 0 : exitCode;
  if (!exiting) {
    exiting = true;
    process.emit("exit", code);
  }
  return exitCode === undefined || exitCode === null ? 0 : exitCode;
};
