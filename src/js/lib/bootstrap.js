// bootstrap.js - runs once per realm, before the guest's code.
// Unlike the other files it is called as `(function (host) { ... })`: it
// defines the internal `require`, installs the globals as lazy getters, and
// returns the hooks that the C runtime calls. Nothing heavy may run here:
// every global's file is evaluated only when the guest first touches it.

const cache = { __proto__: null };

function require(name) {
  let mod = cache[name];
  if (mod) return mod.exports;
  mod = { exports: {} };
  cache[name] = mod;
  const fn = host.compile(name);
  fn(mod.exports, require, host, $i);
  return mod.exports;
}
// Lets a file ask whether another was loaded without loading it.
require.loaded = (name) => name in cache;

const defineProperty = Object.defineProperty;

// A box's node reaches the box's own servers over the box's network: its
// host.net is box_http.js, which hands every other host to the C one.
// (host.node is set when the run starts, after this file ran.)
{
  const cNet = host.net;
  let boxNet = null;
  defineProperty(host, "net", {
    configurable: true,
    get() { return host.node ? (boxNet ??= require("box_http").transport(cNet)) : cNet; },
  });
}

// A global that loads its file on first read; writing replaces it, as with
// any ordinary global.
function lazy(name, file, prop = name, enumerable = false) {
  defineProperty(globalThis, name, {
    configurable: true,
    enumerable,
    get() {
      const value = require(file)[prop];
      defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable });
      return value;
    },
    set(value) {
      defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable });
    },
  });
}

defineProperty(globalThis, "global", { value: globalThis, writable: true, configurable: true, enumerable: true });
// JavaScriptCore's own console prints nowhere; ours writes to the streams.
lazy("console", "console");
lazy("process", "process");
for (const name of ["setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval", "clearImmediate"])
  lazy(name, "timers", name, true);
lazy("queueMicrotask", "tasks", "queueMicrotask", true);
lazy("structuredClone", "structured_clone", "structuredClone", true);
lazy("TextEncoder", "encoding");
lazy("TextDecoder", "encoding");
lazy("atob", "encoding", "atob", true);
lazy("btoa", "encoding", "btoa", true);
lazy("URL", "url");
lazy("URLSearchParams", "url");
lazy("performance", "performance", "performance", true);
lazy("AbortController", "abort");
lazy("AbortSignal", "abort");
lazy("EventTarget", "event_target");
lazy("Event", "event_target");
lazy("CustomEvent", "event_target");
lazy("DOMException", "dom_exception");
lazy("crypto", "web_crypto", "crypto", true);
lazy("Crypto", "web_crypto");
lazy("navigator", "navigator", "navigator", true);
lazy("Navigator", "navigator");
lazy("CryptoKey", "subtle");
lazy("SubtleCrypto", "subtle");
lazy("Buffer", "node_buffer");
lazy("Blob", "buffer_blob");
lazy("File", "buffer_blob");
lazy("fetch", "fetch", "fetch", true);
// Each class from its own part of fetch.js: a Response needs no client.
lazy("Headers", "fetch_headers");
lazy("Request", "fetch_request");
lazy("Response", "fetch_response");
lazy("FormData", "fetch_form_data");
for (const name of ["ReadableStream", "ReadableStreamDefaultReader", "ReadableStreamBYOBReader",
  "ReadableStreamBYOBRequest", "ReadableByteStreamController", "ReadableStreamDefaultController",
  "TransformStream", "TransformStreamDefaultController", "WritableStream", "WritableStreamDefaultWriter",
  "WritableStreamDefaultController", "ByteLengthQueuingStrategy", "CountQueuingStrategy",
  "TextEncoderStream", "TextDecoderStream", "CompressionStream", "DecompressionStream"])
  lazy(name, "web_streams");

// Atomics.waitAsync, which the engine lacks: atomics_async.js, loaded on
// first use; notify also wakes its waiters from then on.
if (typeof Atomics === "object" && Atomics && typeof Atomics.waitAsync !== "function") {
  const A = Atomics, notify = A.notify;
  defineProperty(A, "waitAsync", { value: { waitAsync(typedArray, index, value, timeout) {
    return require("atomics_async").waitAsync(typedArray, index, value, timeout);
  } }.waitAsync, writable: true, configurable: true });
  defineProperty(A, "notify", { value: { notify(typedArray, index, count) {
    const woken = notify(typedArray, index, count);
    return require.loaded("atomics_async") ? woken + require("atomics_async").notify(typedArray, index, count, woken) : woken;
  } }.notify, writable: true, configurable: true });
}

// The engine settles WebAssembly.compile() and instantiate() on its own run
// loop, which this runtime does not turn: their promises never settled.
// Here they compile with the synchronous constructors and settle as
// promise jobs; the *Streaming forms read the Response first.
if (typeof WebAssembly === "object" && WebAssembly) {
  const WA = WebAssembly, { Module, Instance } = WA;
  const method = (name, fn) => defineProperty(WA, name, { value: fn, writable: true, configurable: true });
  const compile = (bytes) => new Promise((resolve) => resolve(new Module(bytes)));
  const instantiate = (source, imports) =>
    source instanceof Module
      ? new Promise((resolve) => resolve(new Instance(source, imports)))
      : compile(source).then((module) => ({ module, instance: new Instance(module, imports) }));
  const wasmBytes = async (source, name) => {
    const res = await source;
    if (typeof Response !== "function" || !(res instanceof Response))
      throw new TypeError(`WebAssembly.${name}(): Argument 0 must be provided and must be a Response`);
    const type = res.headers.get("content-type");
    if (!type || type.split(";")[0].trim().toLowerCase() !== "application/wasm")
      throw new TypeError(`WebAssembly.${name}(): Incorrect response MIME type. Expected 'application/wasm'.`);
    if (!res.ok) throw new TypeError(`WebAssembly.${name}(): HTTP status code is not ok`);
    return res.arrayBuffer();
  };
  method("compile", { compile(bytes) { return compile(bytes); } }.compile);
  // length 1, as in V8: the import object is optional
  method("instantiate", { instantiate(source) { return instantiate(source, arguments[1]); } }.instantiate);
  method("compileStreaming", { compileStreaming(source) { return wasmBytes(source, "compileStreaming").then(compile); } }.compileStreaming);
  method("instantiateStreaming", { instantiateStreaming(source) {
    const imports = arguments[1];
    return wasmBytes(source, "instantiateStreaming").then((b) => instantiate(b, imports));
  } }.instantiateStreaming);
}

// Math.random from a generator of our own, seeded from the kernel on first
// use. A warm worker is forked from a prepared realm, and the engine's
// generator state would be copied into every worker: each run would draw the
// same numbers. xoshiro128** (two draws make the 53 bits of a double), the
// same quality class as V8's xorshift128+. node:vm installs one per context.
function randomFor(imul, fill) {
  let a = 0, b = 0, c = 0, d = 0, seeded = false;
  const next = () => {
    const r = imul(((imul(b, 5) << 7) | (imul(b, 5) >>> 25)), 9) >>> 0;
    const t = b << 9;
    c ^= a; d ^= b; b ^= c; a ^= d; c ^= t; d = (d << 11) | (d >>> 21);
    return r;
  };
  return { random() {
    if (!seeded) {
      const s = fill();
      a = s[0] | 0; b = s[1] | 0; c = s[2] | 0; d = s[3] | 0;
      if ((a | b | c | d) === 0) a = 1;
      seeded = true;
    }
    return ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992;
  } }.random;
}
const randomSeed = () => {
  const s = new Uint32Array(4);
  host.randomFill(s);
  return s;
};
defineProperty(Math, "random", { value: randomFor(Math.imul, randomSeed), writable: true, configurable: true });
host.randomFor = randomFor;
host.randomSeed = randomSeed;

// V8 keeps 10 frames; a model reads fewer lines, and Node code expects it.
Error.stackTraceLimit = 10;
// V8's Error.prepareStackTrace(error, callSites) for what
// Error.captureStackTrace captures (depd, under express and body-parser,
// reads its caller's file this way); JSC's own capture writes the text.
{
  const capture = Error.captureStackTrace;
  if (typeof capture === "function") {
    defineProperty(Error, "captureStackTrace", {
      configurable: true, writable: true, enumerable: false,
      value: function captureStackTrace(obj, fn) {
        capture(obj, typeof fn === "function" ? fn : captureStackTrace);
        const prepare = Error.prepareStackTrace;
        if (typeof prepare !== "function" || obj === null || typeof obj !== "object") return;
        const sites = require("errors").callSites(obj.stack);
        defineProperty(obj, "stack", { configurable: true, writable: true, enumerable: false, value: prepare(obj, sites) });
      },
    });
  }
}
// Node 22 defines these for `using` and disposables; the engine has none.
if (typeof Symbol.dispose !== "symbol") defineProperty(Symbol, "dispose", { value: Symbol.for("nodejs.dispose") });
if (typeof Symbol.asyncDispose !== "symbol") defineProperty(Symbol, "asyncDispose", { value: Symbol.for("nodejs.asyncDispose") });

// The box's node loads in its zygote the builtins most programs use, so
// that each of its processes starts with them made (from a spare,
// `require("fs")` took ~4 ms, `require("http")` ~30). They load as in a box
// (host.node is an object, which each run fills in: host.c), and none may
// read a run's state as it loads: every such read is trapped, and one makes
// the zygote fail (node then starts without it), never a run see another's.
// Each is a file a run loads first itself (a builtin's node_* file, a
// global's file): the files inside them load in their own order, which
// their cycles need (stream_readable before stream_writable).
const boxPreload = [
  "tasks", "timers", "node_timers", "node_events", "encoding", "url", "abort", "event_target",
  "dom_exception", "structured_clone", "performance", "node_util", "node_os", "node_path", "node_fs",
  "node_fs_promises", "node_buffer", "node_stream", "node_string_decoder", "node_url",
  "node_querystring", "web_crypto", "node_crypto", "node_assert", "node_readline", "node_zlib",
  "process_signals", "process", "node_child_process", "node_net", "node_http", "fetch",
];
const boxBuiltins = [
  "assert", "buffer", "child_process", "crypto", "events", "fs", "fs/promises", "http", "net", "os",
  "path", "process", "querystring", "readline", "stream", "string_decoder", "timers", "url", "util", "zlib",
];
const runFields = ["mode", "execPath", "argv0", "argv", "pid", "ppid", "uid", "gid", "euid", "egid", "cwdErrno"];
function preloadForBox() {
  let touched = null;
  const traps = [];
  const trap = (obj, key, what) => {
    const had = Object.getOwnPropertyDescriptor(obj, key);
    traps.push([obj, key, had]);
    defineProperty(obj, key, {
      configurable: true,
      get() {
        touched ??= what;
        return had && (had.get ? had.get.call(obj) : had.value);
      },
      set(v) { touched ??= what; },
    });
  };
  if (!host.node) host.node = {};
  for (const k of runFields) trap(host.node, k, "host.node." + k);
  for (const k of ["cwd", "env", "argv", "filename", "timeOrigin", "hrtime", "randomFill"]) trap(host, k, "host." + k);
  host.preloading = true;
  try {
    for (const file of boxPreload) require(file);
    // and the loader's records of them, as a first require() makes them
    require("loader").preloadBuiltins(boxBuiltins);
  } catch (e) {
    touched ??= String(e);
  }
  delete host.preloading;
  for (const [obj, key, had] of traps.reverse()) {
    delete obj[key];
    if (had) defineProperty(obj, key, had);
  }
  preloaded = !touched;
  return touched;
}
let preloaded = false;

return {
  // A warm worker loads what nearly every run needs while it waits for a
  // run: none of these files reads the run's state (cwd, argv, env) when
  // it loads, and a cold start stays lazy. Returns why the box's preload
  // failed, or null.
  warm(node) {
    for (const file of ["loader", "errors", "inspect", "console"]) require(file);
    if (!node) {
      require("loader").warmUp();
      return null;
    }
    // a spare's rehearsal (node's zygote loaded them: only the pages a run
    // writes are left to copy)
    const why = preloaded ? null : preloadForBox();
    if (why) return why;
    // the rehearsals as before: the run's host.node does not exist yet
    const made = host.node;
    delete host.node;
    require("loader").warmUp();
    require("loader").warmUpNode();
    host.node = made;
    return null;
  },
  runMain() {
    // the process preloaded in node's zygote takes this run's argv, env, ids
    if (preloaded) require("process").fillRun();
    const esm = require("loader").runMain();
    // A CommonJS entry's ticks run before its promise jobs; an ES module is
    // evaluated in a promise job, so there the promise jobs come first
    // (the runtime runs the ticks after the engine drains them).
    if (!esm && require.loaded("tasks")) require("tasks").runTicks();
  },
  onUncaught(err) { require("process").handleUncaught(err); },
  onUnhandledRejection(promise, reason) { require("tasks").addRejection(promise, reason); },
  runTicks() { require("tasks").runTicks(); },
  // Each callback's ticks run in the same call into JS, before the engine
  // drains promise jobs as the call returns: Node's order.
  runTimer(now) {
    const ran = require("timers").runTimer(now);
    if (ran && require.loaded("tasks")) require("tasks").runTicks();
    return ran;
  },
  runImmediate() {
    const ran = require("timers").runImmediate();
    if (ran && require.loaded("tasks")) require("tasks").runTicks();
    return ran;
  },
  beforeExit() {
    // Without a process object no listener can exist.
    if (require.loaded("process")) require("process").emitBeforeExit();
  },
  exit() {
    if (require.loaded("loader") && require("loader").unsettled()) {
      if (require.loaded("process")) require("process").process.exitCode = 13;
      else return 13;
    }
    return require.loaded("process") ? require("process").emitExit() : 0;
  },
};
