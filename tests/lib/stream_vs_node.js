// Compares src/js/lib/node_stream.js (with its parts stream_common.js,
// stream_readable.js and stream_writable.js, node_stream_promises.js and
// node_string_decoder.js) against Node's own `stream` module.
//
//   node tests/lib/stream_vs_node.js [filter]
//
// Each scenario is a function of the stream module under test; it logs what
// happens (events with their arguments, return values, state) and the two
// logs must be equal. Scenarios run one at a time: Node's, then ours, each
// until its log has been quiet for a while (timers in scenarios are short).
// Our files are loaded as the runtime loads them (the body of
// `function (exports, require, host)`), with a `require` that loads sibling
// files (node_stream.js's parts among them) from src/js/lib, except:
// "tasks" gives Node's process.nextTick (so both run on the same tick
// queue), "abort" gives Node's AbortController and AbortSignal (abort.js is
// tested on its own), "inspect" is Node's util, "process" is Node's process.
// The last line is "N passed, N failed"; the exit status is 1 on failure.
// An argument runs only the scenarios whose name contains it and prints
// their logs. DUMP=1 prints our logs only (to diff a run under bun, which
// is JavaScriptCore, against a run under Node).
//
// Justified exceptions:
// - Chunks are compared by content (bytes/strings), not by identity of the
//   Buffer class: ours come from node_buffer.js.
// - Web streams (web_streams.js, not loaded here): Readable/Writable/
//   Duplex.fromWeb and .toWeb, and pipeline/Duplex.from/finished with web
//   streams, are compared with Node by tests/js/web_streams_node.mjs; here
//   only fromWeb's argument check is.
// - Stack traces and util.inspect() of stream objects (own-property layout
//   differs: Node keeps a bit field in the state objects) are not compared;
//   error messages that embed an inspected stream are compared up to
//   "Received".
"use strict";

const fs = require("fs");
const path = require("path");
const util = require("util");

const LIB = path.join(__dirname, "../../src/js/lib");
const loaded = new Map();
function shimRequire(name) {
  if (name === "inspect") return { inspect: util.inspect, format: util.format };
  if (name === "process") return { emitWarning: (...a) => process.emitWarning(...a), process };
  if (name === "dom_exception") return { DOMException: globalThis.DOMException };
  if (name === "tasks") {
    return { nextTick: process.nextTick, queueMicrotask, describe: (v) => util.inspect(v) };
  }
  if (name === "abort") return { AbortController, AbortSignal };
  if (!loaded.has(name)) {
    const exports = {};
    loaded.set(name, exports);
    const src = fs.readFileSync(path.join(LIB, `${name}.js`), "utf8");
    new Function("exports", "require", "host", src)(exports, shimRequire, {});
  }
  return loaded.get(name);
}
const mineMod = shimRequire("node_stream");
const MINE = {
  S: mineMod.module,
  P: shimRequire("node_stream_promises"),
  B: shimRequire("node_buffer").Buffer,
  SD: shimRequire("node_string_decoder").StringDecoder,
  name: "mine",
};
const NODE = {
  S: require("stream"),
  P: require("stream/promises"),
  B: Buffer,
  SD: require("string_decoder").StringDecoder,
  name: "node",
};

// ---------------------------------------------------------------------------
// Logging

function fmt(v, depth = 0) {
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  if (typeof v === "symbol") return v.toString();
  if (typeof v === "function") return `[fn ${v.name}]`;
  if (v instanceof Error || (typeof v === "object" && typeof v.message === "string" && "stack" in v)) {
    let s = `${v.name}${v.code ? `[${v.code}]` : ""}: ${v.message}`;
    if (v.cause !== undefined && depth < 2) s += ` (cause: ${fmt(v.cause, depth + 1)})`;
    if (Array.isArray(v.errors)) s += ` {${v.errors.map((e) => fmt(e, depth + 1)).join(", ")}}`;
    return s;
  }
  if (ArrayBuffer.isView(v)) return `<${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("hex")}>`;
  if (Array.isArray(v)) return depth > 3 ? "[...]" : `[${v.map((x) => fmt(x, depth + 1)).join(", ")}]`;
  if (typeof v === "object") {
    if (typeof v.pipe === "function" || typeof v.write === "function") return `[stream ${v.__name || "?"}]`;
    if (depth > 3) return "{...}";
    return `{${Object.keys(v).map((k) => `${k}: ${fmt(v[k], depth + 1)}`).join(", ")}}`;
  }
  return String(v);
}

let current = null; // the log of the running scenario
let lastLogAt = 0;
function log(...parts) {
  if (!current) return;
  current.push(parts.map((p) => (typeof p === "string" ? p : fmt(p))).join(" "));
  lastLogAt = Date.now();
}

process.on("uncaughtException", (err) => log("UNCAUGHT", err));
process.on("unhandledRejection", (err) => log("UNHANDLED REJECTION", err));
process.on("warning", () => {});

const COMMON_EVENTS = ["end", "finish", "close", "error", "drain", "pause", "resume", "pipe", "unpipe", "prefinish"];

function watch(stream, name, events = COMMON_EVENTS) {
  stream.__name = name;
  for (const ev of events) {
    stream.on(ev, (...args) => log(`${name}:${ev}`, ...args.map((a) => (a && a.__name ? `[${a.__name}]` : a))));
  }
  return stream;
}

function state(stream) {
  const r = stream._readableState, w = stream._writableState;
  const out = {};
  for (const k of ["readable", "writable", "destroyed", "closed", "readableEnded", "readableFlowing", "readableLength",
    "writableEnded", "writableFinished", "writableLength", "writableNeedDrain", "readableAborted", "writableAborted",
    "readableDidRead", "writableCorked"]) {
    if (k in stream) out[k] = stream[k];
  }
  if (r) Object.assign(out, { rEnded: r.ended, rEndEmitted: r.endEmitted, rErrored: !!r.errored, rReading: r.reading });
  if (w) Object.assign(out, { wEnding: w.ending, wFinished: w.finished, wErrored: !!w.errored, wPending: w.pendingcb });
  out.errored = stream.errored ? fmt(stream.errored) : stream.errored;
  return out;
}

// Timers made by scenarios are tracked, so that a scenario is over when none
// is pending and nothing was logged for a few milliseconds.
const liveTimers = new Set();
const realSetTimeout = setTimeout, realClearTimeout = clearTimeout;
const realSetInterval = setInterval, realClearInterval = clearInterval;
const realSetImmediate = setImmediate, realClearImmediate = clearImmediate;
function tracked(set, clear, repeat) {
  return {
    set(fn, ms, ...args) {
      const h = set(function (...a) {
        if (!repeat) liveTimers.delete(h);
        return fn.apply(this, a);
      }, ms, ...args);
      liveTimers.add(h);
      return h;
    },
    clear(h) {
      liveTimers.delete(h);
      return clear(h);
    },
  };
}
{
  const t = tracked(realSetTimeout, realClearTimeout, false);
  const i = tracked(realSetInterval, realClearInterval, true);
  globalThis.setTimeout = t.set;
  globalThis.clearTimeout = t.clear;
  globalThis.setInterval = i.set;
  globalThis.clearInterval = i.clear;
  globalThis.setImmediate = (fn, ...args) => {
    const h = realSetImmediate((...a) => { liveTimers.delete(h); fn(...a); }, ...args);
    liveTimers.add(h);
    return h;
  };
  globalThis.clearImmediate = (h) => { liveTimers.delete(h); realClearImmediate(h); };
}
const realDelay = (ms) => new Promise((r) => realSetTimeout(r, ms));
const delay = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------
// Scenarios: name -> function ({ S, P, B, SD }) (may return a promise)

const scenarios = [];
function scenario(name, fn) {
  scenarios.push({ name, fn });
}

// --- Readable ---------------------------------------------------------------

scenario("readable flowing sync pushes", ({ S }) => {
  let i = 0;
  const r = watch(new S.Readable({ read() { log("_read", i); if (i < 3) this.push(`c${i++}`); else this.push(null); } }), "r");
  r.on("data", (d) => log("data", d));
  log("state", state(r));
});

scenario("readable flowing async pushes", ({ S }) => {
  let i = 0;
  const r = watch(new S.Readable({
    read() {
      log("_read");
      setTimeout(() => { const ok = i < 3 ? this.push(`c${i++}`) : this.push(null); log("push ->", ok); }, 1);
    },
  }), "r");
  r.on("data", (d) => log("data", d, r.readableLength));
});

scenario("readable paused mode with 'readable'", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.push("abc");
  r.push("defg");
  r.on("readable", () => {
    log("readable", r.readableLength);
    let chunk;
    while ((chunk = r.read()) !== null) log("read", chunk);
  });
  setTimeout(() => { r.push("h"); r.push(null); }, 2);
});

scenario("read(n) sizes", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.push("hello ");
  r.push("world");
  r.push("!");
  log("read(3)", r.read(3));
  log("read(4)", r.read(4));
  log("read(100)", r.read(100));
  log("read(0)", r.read(0));
  log("len", r.readableLength);
  r.push(null);
  log("read(100) after end", r.read(100));
  log("read()", r.read());
  log("state", state(r));
});

scenario("read(n) with encoding", ({ S }) => {
  const r = watch(new S.Readable({ read() {}, encoding: "utf8" }), "r");
  r.push("h\u00e9llo");
  r.push(" w\u00f6rld");
  log("read(2)", r.read(2));
  log("read(5)", r.read(5));
  log("read()", r.read());
  r.push(null);
  log("read()", r.read());
  log("enc", r.readableEncoding);
});

scenario("setEncoding splits multibyte", ({ S, B }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.setEncoding("utf8");
  const bytes = B.from("a\u20ac\ud83d\ude00b");
  for (let i = 0; i < bytes.length; i++) r.push(bytes.subarray(i, i + 1));
  r.push(null);
  r.on("data", (d) => log("data", d));
});

scenario("setEncoding after buffering, hex/base64", ({ S, B }) => {
  const r = new S.Readable({ read() {} });
  r.push(B.from([1, 2, 3, 4]));
  r.push(B.from([5]));
  r.setEncoding("hex");
  log("len", r.readableLength, r.readableEncoding);
  r.push(B.from([6, 7]));
  r.push(null);
  r.on("data", (d) => log("data", d));
  const r2 = new S.Readable({ read() {}, encoding: "base64" });
  r2.push(B.from("ab"));
  r2.push(B.from("cde"));
  r2.push(null);
  r2.on("data", (d) => log("r2 data", d));
});

scenario("readable and data listeners together", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.on("readable", () => { log("readable"); let c; while ((c = r.read()) !== null) log("read", c); });
  r.on("data", (d) => log("data", d));
  r.push("a");
  r.push("b");
  setTimeout(() => r.push(null), 1);
});

scenario("pause and resume", ({ S }) => {
  let n = 0;
  const r = watch(new S.Readable({ read() { if (n < 5) this.push(String(n++)); else this.push(null); } }), "r");
  r.on("data", (d) => {
    log("data", d, r.isPaused());
    if (d === "1") {
      r.pause();
      log("paused", r.isPaused(), r.readableFlowing);
      setTimeout(() => { log("resuming"); r.resume(); }, 2);
    }
  });
});

scenario("resume without data listener drains", ({ S }) => {
  let n = 0;
  const r = watch(new S.Readable({ read() { log("_read", n); this.push(n < 3 ? String(n++) : null); } }), "r");
  r.resume();
  log("flowing", r.readableFlowing);
});

scenario("push after EOF", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.push("a");
  r.push(null);
  r.push("b");
  r.on("data", (d) => log("data", d));
});

scenario("push after EOF without autoDestroy", ({ S }) => {
  const r = watch(new S.Readable({ read() {}, autoDestroy: false }), "r");
  r.push(null);
  r.push("b");
  log("state", state(r));
  r.resume();
});

scenario("unshift", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.push("world");
  log("read(2)", r.read(2));
  r.unshift("hello ");
  log("len", r.readableLength);
  r.push(null);
  r.on("data", (d) => log("data", d));
  r.on("end", () => {
    try { r.unshift("late"); } catch (e) { log("throw", e); }
  });
});

scenario("unshift with encoding", ({ S, B }) => {
  const r = watch(new S.Readable({ read() {}, encoding: "utf8" }), "r");
  r.push(B.from("abc"));
  r.unshift("6869", "hex");
  r.unshift(B.from("x"));
  r.push(null);
  r.on("data", (d) => log("data", d));
});

scenario("destroy readable without error", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.push("a");
  r.on("data", (d) => log("data", d));
  setTimeout(() => { r.destroy(); log("state", state(r)); log("push ->", r.push("b")); }, 1);
});

scenario("destroy readable with error", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.destroy(new Error("boom"));
  log("state", state(r));
  r.destroy(new Error("second"));
  log("destroyed", r.destroyed);
});

scenario("destroy with callback and custom _destroy", ({ S }) => {
  const r = watch(new S.Readable({
    read() {},
    destroy(err, cb) { log("_destroy", err); setTimeout(() => cb(new Error("from _destroy")), 1); },
  }), "r");
  r.destroy(new Error("orig"), (err) => log("destroy cb", err));
  log("after destroy", state(r));
});

scenario("_destroy throws", ({ S }) => {
  const r = watch(new S.Readable({ read() {}, destroy() { throw new Error("thrown in _destroy"); } }), "r");
  r.destroy();
});

scenario("destroy in _read", ({ S }) => {
  const r = watch(new S.Readable({ read() { this.destroy(new Error("in read")); } }), "r");
  r.on("data", (d) => log("data", d));
});

scenario("_read throws", ({ S }) => {
  const r = watch(new S.Readable({ read() { throw new Error("read threw"); } }), "r");
  r.resume();
});

scenario("_read not implemented", ({ S }) => {
  const r = watch(new S.Readable(), "r");
  r.resume();
});

scenario("push invalid chunk", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.push(42);
  log("state", state(r));
});

scenario("objectMode readable hwm", ({ S }) => {
  const r = watch(new S.Readable({ objectMode: true, highWaterMark: 2, read() { log("_read"); } }), "r");
  for (const v of [1, "two", { three: 3 }, [4], false, 0]) log("push", v, "->", r.push(v));
  log("len", r.readableLength, r.readableHighWaterMark, r.readableObjectMode);
  r.push(null);
  r.on("data", (d) => log("data", d));
});

scenario("byte hwm backpressure", ({ S }) => {
  const r = new S.Readable({ highWaterMark: 10, read(n) { log("_read", n); } });
  for (let i = 0; i < 4; i++) log("push ->", r.push("abcd"), r.readableLength);
  log("read(3)", r.read(3), r.readableLength);
  log("read(20)", r.read(20), r.readableHighWaterMark);
  setTimeout(() => { log("read()", r.read()); r.push(null); r.resume(); watch(r, "r"); }, 2);
});

scenario("hwm 0 readable", ({ S }) => {
  let n = 0;
  const r = watch(new S.Readable({ highWaterMark: 0, read() { log("_read"); setTimeout(() => this.push(n < 2 ? `v${n++}` : null), 1); } }), "r");
  r.on("data", (d) => log("data", d));
});

scenario("emitClose false, autoDestroy false", ({ S }) => {
  const r = watch(new S.Readable({ read() {}, emitClose: false, autoDestroy: false }), "r");
  r.push("x");
  r.push(null);
  r.on("data", (d) => log("data", d));
  setTimeout(() => { log("state", state(r)); r.destroy(); setTimeout(() => log("after destroy", state(r)), 1); }, 2);
});

scenario("construct readable", ({ S }) => {
  const r = watch(new S.Readable({
    construct(cb) { log("construct"); setTimeout(() => { log("construct done"); cb(); }, 1); },
    read() { log("_read"); this.push("data"); this.push(null); },
  }), "r");
  r.on("data", (d) => log("data", d));
  log("sync");
});

scenario("construct error", ({ S }) => {
  const r = watch(new S.Readable({ construct(cb) { cb(new Error("construct failed")); }, read() { log("_read"); } }), "r");
  r.resume();
});

scenario("destroy during construct", ({ S }) => {
  const r = watch(new S.Readable({
    construct(cb) { setTimeout(() => { log("construct cb"); cb(); }, 2); },
    read() {},
    destroy(err, cb) { log("_destroy", err); cb(err); },
  }), "r");
  r.destroy(new Error("early"));
});

scenario("readable signal abort", ({ S }) => {
  const ac = new AbortController();
  const r = watch(new S.Readable({ read() {}, signal: ac.signal }), "r");
  r.push("a");
  setTimeout(() => ac.abort(), 1);
});

scenario("readable signal already aborted", ({ S }) => {
  const r = watch(new S.Readable({ read() {}, signal: AbortSignal.abort("why") }), "r");
  log("destroyed", r.destroyed);
});

scenario("on readable after end", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.push(null);
  r.resume();
  setTimeout(() => {
    r.on("readable", () => log("readable!"));
    log("state", state(r));
  }, 2);
});

scenario("remove readable listener switches to data", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  const onReadable = () => log("readable");
  r.on("readable", onReadable);
  r.on("data", (d) => log("data", d));
  r.push("a");
  setTimeout(() => {
    r.removeListener("readable", onReadable);
    log("flowing after remove", r.readableFlowing);
    setTimeout(() => { log("flowing later", r.readableFlowing); r.push("b"); r.push(null); }, 1);
  }, 1);
});

scenario("once readable cycles", ({ S }) => {
  const r = new S.Readable({ read() {} });
  watch(r, "r");
  const chunks = ["a", "b", "c"];
  function next() {
    r.once("readable", () => {
      const c = r.read();
      log("got", c);
      if (c !== null) next();
    });
  }
  next();
  let i = 0;
  const t = setInterval(() => { if (i < chunks.length) r.push(chunks[i++]); else { r.push(null); clearInterval(t); } }, 1);
});

scenario("readable state getters", ({ S }) => {
  const r = new S.Readable({ read() {} });
  log("initial", state(r), r.readableBuffer);
  r.push("ab");
  log("after push", r.readableLength, r.readableBuffer);
  r.on("data", () => {});
  log("after on data", r.readableFlowing);
  r.pause();
  log("after pause", r.readableFlowing, r.isPaused());
  r.readableFlowing = null;
  log("set null", r.readableFlowing);
  r.readable = false;
  log("set readable false", r.readable);
});

scenario("read with string n", ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.push("abcdef");
  log("read('2')", r.read("2"));
  log("read('x')", r.read("x"));
});

scenario("hwm too large read", ({ S }) => {
  const r = new S.Readable({ read() {} });
  try { r.read(2 ** 31); } catch (e) { log("throw", e); }
  r.push("x");
  log("read(5000)", r.read(5000), r.readableHighWaterMark);
});

scenario("invalid highWaterMark", ({ S }) => {
  for (const hwm of [-1, 1.5, "16", NaN]) {
    try { new S.Readable({ highWaterMark: hwm }); log("ok", hwm); } catch (e) { log("throw", e); }
  }
  try { new S.Duplex({ readableHighWaterMark: -1 }); log("ok"); } catch (e) { log("throw", e); }
  try { new S.Writable({ highWaterMark: -2 }); log("ok"); } catch (e) { log("throw", e); }
  log("hwm", new S.Readable({ highWaterMark: 3 }).readableHighWaterMark, new S.Writable({ highWaterMark: 0 }).writableHighWaterMark,
    new S.Duplex({ readableHighWaterMark: 5, writableHighWaterMark: 7 }).readableHighWaterMark,
    new S.Duplex({ readableObjectMode: true }).readableHighWaterMark, new S.Duplex({ readableObjectMode: true }).writableHighWaterMark);
});

scenario("default high water marks", ({ S }) => {
  log(S.getDefaultHighWaterMark(false), S.getDefaultHighWaterMark(true));
  S.setDefaultHighWaterMark(false, 1024);
  S.setDefaultHighWaterMark(true, 4);
  log(new S.Readable().readableHighWaterMark, new S.Readable({ objectMode: true }).readableHighWaterMark,
    new S.Writable().writableHighWaterMark);
  try { S.setDefaultHighWaterMark(false, -1); } catch (e) { log("throw", e); }
  try { S.setDefaultHighWaterMark(false, "x"); } catch (e) { log("throw", e); }
  S.setDefaultHighWaterMark(false, 65536);
  S.setDefaultHighWaterMark(true, 16);
});

// --- async iteration and Readable.from -------------------------------------

scenario("async iteration", async ({ S }) => {
  let n = 0;
  const r = watch(new S.Readable({ read() { setTimeout(() => this.push(n < 3 ? `v${n++}` : null), 1); } }), "r");
  for await (const chunk of r) log("chunk", chunk);
  log("loop done", state(r));
});

scenario("async iteration break", async ({ S }) => {
  const r = watch(new S.Readable({ objectMode: true, read() {} }), "r");
  r.push(1); r.push(2); r.push(3);
  for await (const chunk of r) { log("chunk", chunk); if (chunk === 2) break; }
  log("after break", state(r));
  await delay(2);
});

scenario("async iteration break destroyOnReturn false", async ({ S }) => {
  const r = watch(new S.Readable({ objectMode: true, read() {} }), "r");
  r.push(1); r.push(2);
  for await (const chunk of r.iterator({ destroyOnReturn: false })) { log("chunk", chunk); break; }
  log("after break", state(r));
  r.push(null);
  for await (const chunk of r) log("again", chunk);
  log("end", state(r));
});

scenario("async iteration error", async ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.push("a");
  setTimeout(() => r.destroy(new Error("iter boom")), 1);
  try {
    for await (const chunk of r) log("chunk", chunk);
  } catch (e) {
    log("caught", e);
  }
});

scenario("async iteration throw in body", async ({ S }) => {
  const r = watch(new S.Readable({ objectMode: true, read() {} }), "r");
  r.push(1);
  try {
    for await (const chunk of r) { log("chunk", chunk); throw new Error("body threw"); }
  } catch (e) {
    log("caught", e);
  }
  await delay(1);
  log("state", state(r));
});

scenario("iterator() bad options", ({ S }) => {
  try { new S.Readable().iterator(5); } catch (e) { log("throw", e); }
});

scenario("Readable.from array", ({ S }) => {
  const r = watch(S.Readable.from([1, "two", { three: 3 }]), "r");
  r.on("data", (d) => log("data", d));
  log("objectMode", r.readableObjectMode, r.readableHighWaterMark);
});

scenario("Readable.from generator and async generator", async ({ S }) => {
  function* gen() { yield "a"; yield "b"; }
  async function* agen() { yield "c"; await delay(1); yield "d"; }
  log("sync", await S.Readable.from(gen()).toArray());
  log("async", await S.Readable.from(agen()).toArray());
});

scenario("Readable.from string and buffer", async ({ S, B }) => {
  log(await S.Readable.from("hello").toArray());
  log(await S.Readable.from(B.from("hi")).toArray());
  log(await S.Readable.from("hello", { objectMode: false }).toArray());
});

scenario("Readable.from null value", async ({ S }) => {
  const r = watch(S.Readable.from([1, null, 2]), "r");
  r.on("data", (d) => log("data", d));
});

scenario("Readable.from promises in sync iterable", async ({ S }) => {
  log(await S.Readable.from([Promise.resolve(1), 2, Promise.resolve(3)]).toArray());
});

scenario("Readable.from rejected promise", async ({ S }) => {
  const r = watch(S.Readable.from([Promise.reject(new Error("rejected value"))]), "r");
  r.resume();
});

scenario("Readable.from generator throws", async ({ S }) => {
  async function* agen() { yield 1; throw new Error("gen threw"); }
  const r = watch(S.Readable.from(agen()), "r");
  r.on("data", (d) => log("data", d));
});

scenario("Readable.from destroy calls return", async ({ S }) => {
  function* gen() { try { yield 1; yield 2; } finally { log("generator finally"); } }
  const r = watch(S.Readable.from(gen()), "r");
  r.once("data", (d) => { log("data", d); r.destroy(); });
});

scenario("Readable.from invalid", ({ S }) => {
  for (const v of [5, null, {}]) {
    try { S.Readable.from(v); } catch (e) { log("throw", e); }
  }
});

scenario("Readable.from backpressure", async ({ S }) => {
  let pulled = 0;
  function* gen() { for (let i = 0; i < 5; i++) { pulled++; yield i; } }
  const r = S.Readable.from(gen(), { highWaterMark: 2 });
  await delay(2);
  log("pulled before reading", pulled, r.readableLength);
  log(await r.toArray(), pulled);
});

// --- operators --------------------------------------------------------------

scenario("map filter toArray", async ({ S }) => {
  const r = S.Readable.from([1, 2, 3, 4, 5]);
  log(await r.map((x) => x * 2).filter((x) => x % 4 === 0).toArray());
});

scenario("map async with concurrency keeps order", async ({ S }) => {
  const started = [];
  const r = S.Readable.from([30, 10, 20, 5]).map(async (ms) => { started.push(ms); await delay(ms / 5); return ms; }, { concurrency: 2 });
  log(await r.toArray());
  log("started", started);
});

scenario("forEach reduce some every find", async ({ S }) => {
  const seen = [];
  await S.Readable.from([1, 2, 3]).forEach((x) => { seen.push(x); });
  log("forEach", seen);
  log("reduce", await S.Readable.from([1, 2, 3]).reduce((a, b) => a + b, 10));
  log("reduce no init", await S.Readable.from([1, 2, 3]).reduce((a, b) => a + b));
  try { await S.Readable.from([]).reduce((a, b) => a + b); } catch (e) { log("reduce empty", e); }
  log("some", await S.Readable.from([1, 2, 3]).some((x) => x > 2), await S.Readable.from([1]).some((x) => x > 2));
  log("every", await S.Readable.from([1, 2, 3]).every((x) => x > 0), await S.Readable.from([1, -1]).every((x) => x > 0));
  log("find", await S.Readable.from([1, 2, 3]).find((x) => x > 1), await S.Readable.from([1]).find((x) => x > 1));
});

scenario("take drop flatMap", async ({ S }) => {
  log("take", await S.Readable.from([1, 2, 3, 4]).take(2).toArray());
  log("drop", await S.Readable.from([1, 2, 3, 4]).drop(3).toArray());
  log("take 0", await S.Readable.from([1, 2]).take(0).toArray());
  log("flatMap", await S.Readable.from([1, 2]).flatMap((x) => [x, x * 10]).toArray());
  try { S.Readable.from([1]).take(-1); } catch (e) { log("take -1", e); }
  log("drop NaN", await S.Readable.from([1, 2]).drop("x").toArray());
});

scenario("operator argument errors", async ({ S }) => {
  const r = S.Readable.from([1]);
  for (const f of [() => r.map(5), () => r.map((x) => x, 5), () => r.map((x) => x, { concurrency: 0 }),
    () => r.filter("x"), () => r.map((x) => x, { signal: 5 })]) {
    try { f(); log("no throw"); } catch (e) { log("throw", e); }
  }
  try { await r.reduce(5); } catch (e) { log("reduce", e); }
  try { await r.forEach(5); } catch (e) { log("forEach", e); }
  try { await r.toArray(5); } catch (e) { log("toArray", e); }
});

scenario("map error propagates", async ({ S }) => {
  try {
    await S.Readable.from([1, 2, 3]).map((x) => { if (x === 2) throw new Error("map threw"); return x; }).toArray();
  } catch (e) {
    log("caught", e);
  }
});

scenario("operators with abort signal", async ({ S }) => {
  const ac = new AbortController();
  const r = S.Readable.from([1, 2, 3]).map(async (x) => { await delay(2); return x; }, { signal: ac.signal });
  setTimeout(() => ac.abort(), 3);
  try { log(await r.toArray()); } catch (e) { log("caught", e); }
  try { await S.Readable.from([1]).toArray({ signal: AbortSignal.abort() }); log("toArray done"); } catch (e) { log("toArray", e); }
});

scenario("operators on byte stream", async ({ S, B }) => {
  const r = new S.Readable({ read() {} });
  r.push(B.from("ab"));
  r.push(B.from("cd"));
  r.push(null);
  log(await r.map((c) => c.toString().toUpperCase()).toArray());
});

// --- Writable ---------------------------------------------------------------

scenario("writable basic", ({ S }) => {
  const w = watch(new S.Writable({ write(chunk, enc, cb) { log("_write", chunk, enc); cb(); } }), "w");
  log("write ->", w.write("a", () => log("cb a")));
  log("write ->", w.write("b", "latin1", () => log("cb b")));
  w.end("c", () => log("end cb"));
  log("state", state(w));
});

scenario("writable async callbacks", ({ S }) => {
  const w = watch(new S.Writable({ write(chunk, enc, cb) { log("_write", chunk); setTimeout(cb, 1); } }), "w");
  w.write("a", (err) => log("cb a", err));
  w.write("b", (err) => log("cb b", err));
  log("len", w.writableLength);
  w.end(() => log("end cb"));
});

scenario("writable backpressure and drain", ({ S }) => {
  const w = watch(new S.Writable({ highWaterMark: 5, write(chunk, enc, cb) { log("_write", chunk); setTimeout(cb, 1); } }), "w");
  log("write ->", w.write("abc"), w.writableLength, w.writableNeedDrain);
  log("write ->", w.write("def"), w.writableLength, w.writableNeedDrain);
  log("write ->", w.write("g"), w.writableLength);
  w.once("drain", () => { log("drained", w.writableLength); w.end(); });
});

scenario("writable sync write drain", ({ S }) => {
  const w = watch(new S.Writable({ highWaterMark: 2, write(chunk, enc, cb) { cb(); } }), "w");
  log("write ->", w.write("abc"));
  log("write ->", w.write("d"));
  log("needDrain", w.writableNeedDrain);
});

scenario("cork uncork writev", ({ S }) => {
  const w = watch(new S.Writable({
    write(chunk, enc, cb) { log("_write", chunk); cb(); },
    writev(chunks, cb) { log("_writev", chunks.map((c) => [c.chunk, c.encoding]), chunks.allBuffers); cb(); },
  }), "w");
  w.cork();
  w.write("a");
  w.write("b", () => log("cb b"));
  w.write("c");
  log("corked", w.writableCorked, w.writableLength, w.writableBuffer.length);
  process.nextTick(() => { w.uncork(); log("uncorked", w.writableCorked); w.end(); });
});

scenario("nested cork", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c); cb(); }, writev(cs, cb) { log("_writev", cs.length); cb(); } }), "w");
  w.cork(); w.cork();
  w.write("a"); w.write("b");
  w.uncork();
  log("still corked", w.writableCorked);
  w.end("c");
  log("after end", w.writableCorked);
});

scenario("writev only", ({ S }) => {
  const w = watch(new S.Writable({ decodeStrings: false, writev(chunks, cb) { log("_writev", chunks.map((c) => [c.chunk, c.encoding]), chunks.allBuffers); setTimeout(cb, 1); } }), "w");
  w.write("a");
  w.write("b", "hex");
  w.write("c");
  w.end();
});

scenario("final", ({ S }) => {
  const w = watch(new S.Writable({
    write(c, e, cb) { log("_write", c); cb(); },
    final(cb) { log("_final"); setTimeout(() => { log("final done"); cb(); }, 1); },
  }), "w");
  w.end("x", () => log("end cb"));
  log("state", state(w));
});

scenario("final error", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); }, final(cb) { cb(new Error("final failed")); } }), "w");
  w.end(() => log("end cb"));
});

scenario("final sync error", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); }, final() { throw new Error("final threw"); } }), "w");
  w.end((err) => log("end cb", err));
});

scenario("write error sync", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(new Error("write failed")); } }), "w");
  log("write ->", w.write("a", (err) => log("cb a", err)));
  log("write ->", w.write("b", (err) => log("cb b", err)));
  log("state", state(w));
});

scenario("write error async with queued writes", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c); setTimeout(() => cb(c.toString() === "a" ? new Error("write a failed") : null), 1); } }), "w");
  w.write("a", (err) => log("cb a", err));
  w.write("b", (err) => log("cb b", err));
  w.end((err) => log("end cb", err));
});

scenario("write error without autoDestroy", ({ S }) => {
  const w = watch(new S.Writable({ autoDestroy: false, write(c, e, cb) { cb(new Error("no autodestroy")); } }), "w");
  w.write("a", (err) => log("cb", err));
  setTimeout(() => log("state", state(w)), 2);
});

scenario("write after end", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
  w.end();
  log("write ->", w.write("late", (err) => log("cb", err)));
});

scenario("end after finish", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
  w.end();
  setTimeout(() => {
    w.end((err) => log("second end cb", err));
    w.end("chunk", (err) => log("end with chunk cb", err));
  }, 2);
});

scenario("destroy writable with pending writes", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c); setTimeout(cb, 10); } }), "w");
  w.write("a", (err) => log("cb a", err));
  w.write("b", (err) => log("cb b", err));
  w.end((err) => log("end cb", err));
  setTimeout(() => { w.destroy(); log("state", state(w)); }, 1);
});

scenario("destroy writable with error then write", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
  w.destroy(new Error("destroyed!"));
  log("write ->", w.write("x", (err) => log("cb", err)));
  w.end((err) => log("end cb", err));
});

scenario("writable objectMode", ({ S }) => {
  const w = watch(new S.Writable({ objectMode: true, highWaterMark: 2, write(c, e, cb) { log("_write", c, e); cb(); } }), "w");
  for (const v of [1, { a: 1 }, "s", [1]]) log("write ->", w.write(v));
  log("len", w.writableLength, w.writableObjectMode);
  w.end();
});

scenario("decodeStrings false and defaultEncoding", ({ S }) => {
  const w = watch(new S.Writable({ decodeStrings: false, defaultEncoding: "hex", write(c, e, cb) { log("_write", c, e); cb(); } }), "w");
  w.write("abc");
  w.write("def", "base64");
  w.setDefaultEncoding("LATIN1");
  w.write("x");
  try { w.setDefaultEncoding("bogus"); } catch (e) { log("throw", e); }
  w.end();
});

scenario("write argument errors", ({ S, B }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c, e); cb(); } }), "w");
  for (const [chunk, enc] of [[null], [5], [{}], ["a", "bogus"], [undefined], [new Uint8Array([1, 2])], [B.from("b"), "hex"], ["6162", "buffer"]]) {
    try { log("write ->", w.write(chunk, enc)); } catch (e) { log("throw", e); }
  }
  try { new S.Writable({ defaultEncoding: "nope" }); } catch (e) { log("ctor throw", e); }
  w.end();
});

scenario("_write not implemented", ({ S }) => {
  const w = watch(new S.Writable(), "w");
  try { w.write("a"); } catch (e) { log("throw", e); }
});

scenario("callback called twice", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); cb(); } }), "w");
  w.write("a");
});

scenario("construct writable", ({ S }) => {
  const w = watch(new S.Writable({
    construct(cb) { log("construct"); setTimeout(() => { log("constructed"); cb(); }, 1); },
    write(c, e, cb) { log("_write", c); cb(); },
    final(cb) { log("_final"); cb(); },
  }), "w");
  w.write("early");
  w.end("last");
  log("sync state", state(w));
});

scenario("writable signal", ({ S }) => {
  const ac = new AbortController();
  const w = watch(new S.Writable({ signal: ac.signal, write(c, e, cb) { setTimeout(cb, 5); } }), "w");
  w.write("x", (err) => log("cb", err));
  ac.abort(new Error("reason"));
});

scenario("Writable.prototype.pipe errors", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
  w.pipe(new S.Writable());
});

scenario("instanceof", ({ S }) => {
  const d = new S.Duplex(), t = new S.Transform(), p = new S.PassThrough(), w = new S.Writable(), r = new S.Readable();
  log([d instanceof S.Writable, d instanceof S.Readable, t instanceof S.Duplex, t instanceof S.Writable, p instanceof S.Transform,
    w instanceof S.Readable, r instanceof S.Writable, w instanceof S.Stream, r instanceof S.Stream, w instanceof S.Duplex,
    ({}) instanceof S.Writable, S.Stream === S, typeof S.Stream.prototype.pipe]);
  log([S.Readable() instanceof S.Readable, S.Writable() instanceof S.Writable, S.Duplex() instanceof S.Duplex,
    S.Transform() instanceof S.Transform, S.PassThrough() instanceof S.PassThrough]);
  log(Object.keys(S).sort(), Object.keys(S.promises).sort());
});

// --- Duplex / Transform -----------------------------------------------------

scenario("transform upper with flush", ({ S }) => {
  const t = watch(new S.Transform({
    transform(chunk, enc, cb) { log("_transform", chunk, enc); cb(null, chunk.toString().toUpperCase()); },
    flush(cb) { log("_flush"); cb(null, "!"); },
  }), "t");
  t.on("data", (d) => log("data", d));
  t.write("ab");
  t.write("cd");
  t.end();
});

scenario("transform push multiple and async", ({ S }) => {
  const t = watch(new S.Transform({
    objectMode: true,
    transform(chunk, enc, cb) { this.push(chunk); this.push(chunk * 10); setTimeout(cb, 1); },
  }), "t");
  t.on("data", (d) => log("data", d));
  t.write(1);
  t.write(2);
  t.end(3);
});

scenario("transform error", ({ S }) => {
  const t = watch(new S.Transform({ transform(chunk, enc, cb) { cb(new Error("transform failed")); } }), "t");
  t.on("data", (d) => log("data", d));
  t.write("x", (err) => log("write cb", err));
});

scenario("transform flush error", ({ S }) => {
  const t = watch(new S.Transform({ transform(c, e, cb) { cb(null, c); }, flush(cb) { cb(new Error("flush failed")); } }), "t");
  t.resume();
  t.end("x", (err) => log("end cb", err));
});

scenario("transform backpressure on readable side", ({ S }) => {
  let calls = 0;
  const t = new S.Transform({ highWaterMark: 2, objectMode: true, transform(c, e, cb) { calls++; cb(null, c); } });
  for (let i = 0; i < 6; i++) log("write", i, "->", t.write(i));
  log("calls", calls, t.readableLength, t.writableLength);
  setTimeout(() => {
    log("read", t.read(), "calls", calls);
    setTimeout(() => { log("calls later", calls, t.readableLength); t.resume(); t.end(); watch(t, "t"); }, 2);
  }, 2);
});

scenario("transform not implemented", ({ S }) => {
  const t = watch(new S.Transform(), "t");
  try { t.write("a"); } catch (e) { log("throw", e); }
});

scenario("passthrough", async ({ S }) => {
  const p = watch(new S.PassThrough(), "p");
  p.write("a");
  p.end("b");
  log(await p.toArray());
});

scenario("transform readableHighWaterMark 0", ({ S }) => {
  const t = new S.Transform({ readableHighWaterMark: 0, transform(c, e, cb) { log("_transform", c); cb(null, c); } });
  log("hwm", t.readableHighWaterMark, t.writableHighWaterMark);
  log("write ->", t.write("a"));
  log("write ->", t.write("b"));
  t.on("data", (d) => log("data", d));
  t.end();
  watch(t, "t");
});

scenario("duplex allowHalfOpen false", ({ S }) => {
  const d = watch(new S.Duplex({
    allowHalfOpen: false,
    read() {},
    write(c, e, cb) { log("_write", c); cb(); },
  }), "d");
  d.push("x");
  d.push(null);
  d.on("data", (c) => log("data", c));
});

scenario("duplex halfopen default", ({ S }) => {
  const d = watch(new S.Duplex({ read() {}, write(c, e, cb) { log("_write", c); cb(); } }), "d");
  d.push(null);
  d.resume();
  setTimeout(() => { log("state", state(d)); d.end("late"); }, 2);
});

scenario("duplex readable false writable false", ({ S }) => {
  const d = watch(new S.Duplex({ readable: false, write(c, e, cb) { cb(); } }), "d");
  log("state", state(d));
  d.end("x");
  const d2 = watch(new S.Duplex({ writable: false, read() { this.push(null); } }), "d2");
  log("state2", state(d2));
  d2.resume();
});

scenario("duplex destroy", ({ S }) => {
  const d = watch(new S.Duplex({ read() {}, write(c, e, cb) { setTimeout(cb, 2); } }), "d");
  d.write("x", (err) => log("write cb", err));
  d.write("y", (err) => log("write cb 2", err));
  d.destroy(new Error("duplex boom"));
  log("state", state(d));
});

scenario("duplex construct", ({ S }) => {
  const d = watch(new S.Duplex({
    construct(cb) { log("construct"); setTimeout(cb, 1); },
    read() { log("_read"); this.push("r"); this.push(null); },
    write(c, e, cb) { log("_write", c); cb(); },
  }), "d");
  d.write("w");
  d.end();
  d.on("data", (c) => log("data", c));
});

scenario("duplexPair", ({ S }) => {
  if (typeof S.duplexPair !== "function") { log("no duplexPair"); return; }
  const [a, b] = S.duplexPair();
  watch(a, "a");
  watch(b, "b");
  b.on("data", (c) => log("b data", c));
  a.on("data", (c) => log("a data", c));
  a.write("to b");
  b.write("to a");
  a.end();
  setTimeout(() => b.end(), 2);
});

// --- pipe -------------------------------------------------------------------

scenario("pipe with backpressure", ({ S }) => {
  let n = 0;
  const r = watch(new S.Readable({ highWaterMark: 4, read() { log("_read"); this.push(n < 5 ? `chunk${n++}` : null); } }), "r");
  const w = watch(new S.Writable({ highWaterMark: 8, write(c, e, cb) { log("_write", c); setTimeout(cb, 1); } }), "w");
  r.pipe(w);
});

scenario("pipe end false", ({ S }) => {
  const r = watch(S.Readable.from(["a", "b"], { objectMode: false }), "r");
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c); cb(); } }), "w");
  r.pipe(w, { end: false });
  r.on("end", () => setTimeout(() => { log("w state", state(w)); w.end("bye"); }, 1));
});

scenario("unpipe", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c); cb(); } }), "w");
  r.pipe(w);
  r.push("a");
  setTimeout(() => {
    r.unpipe(w);
    log("flowing", r.readableFlowing);
    r.push("b");
    log("len", r.readableLength);
    r.unpipe(w);
    r.unpipe();
  }, 1);
});

scenario("pipe to two destinations with backpressure", ({ S }) => {
  let n = 0;
  const r = watch(new S.Readable({ read() { this.push(n < 4 ? `x${n++}` : null); } }), "r");
  const fast = watch(new S.Writable({ write(c, e, cb) { log("fast", c); cb(); } }), "fast");
  const slow = watch(new S.Writable({ highWaterMark: 1, write(c, e, cb) { log("slow", c); setTimeout(cb, 2); } }), "slow");
  r.pipe(fast);
  r.pipe(slow);
});

scenario("pipe destination error", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  const w = watch(new S.Writable({ write(c, e, cb) { cb(new Error("dest failed")); } }), "w");
  r.pipe(w);
  r.push("a");
  setTimeout(() => log("r state", state(r), r.listenerCount("data")), 2);
});

scenario("pipe destination error no listener", ({ S }) => {
  const r = new S.Readable({ read() {} });
  const w = new S.Writable({ write(c, e, cb) { cb(new Error("unhandled dest error")); } });
  r.pipe(w);
  r.push("a");
});

scenario("pipe source destroyed", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c); cb(); } }), "w");
  r.pipe(w);
  r.push("a");
  setTimeout(() => { r.destroy(); setTimeout(() => log("w state", state(w)), 1); }, 1);
});

scenario("pipe into transform chain", ({ S }) => {
  const r = S.Readable.from(["a", "b", "c"], { objectMode: false });
  const t = watch(new S.Transform({ transform(c, e, cb) { cb(null, c.toString().toUpperCase()); } }), "t");
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c); cb(); } }), "w");
  r.pipe(t).pipe(w);
});

scenario("legacy Stream pipe", ({ S }) => {
  const src = watch(new S.Stream(), "src");
  const dest = watch(new S.Writable({ write(c, e, cb) { log("_write", c); cb(); } }), "dest");
  src.pipe(dest);
  src.emit("data", "legacy1");
  src.emit("data", "legacy2");
  src.emit("end");
});

scenario("legacy Stream pipe error", ({ S }) => {
  const src = new S.Stream();
  src.readable = true;
  const dest = new S.Stream();
  dest.writable = true;
  dest.write = (c) => { log("write", c); return true; };
  dest.end = () => log("end");
  src.pipe(dest);
  src.on("error", (e) => log("src error", e));
  src.emit("data", "x");
  src.emit("error", new Error("legacy error"));
  src.emit("data", "after error");
  src.emit("end");
});

scenario("pipe to process.stdout-like stdio", ({ S }) => {
  const r = S.Readable.from(["a"], { objectMode: false });
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c); cb(); } }), "w");
  w._isStdio = true;
  r.pipe(w);
});

scenario("pipe readable already ended", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.push(null);
  r.resume();
  setTimeout(() => {
    const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
    r.pipe(w);
  }, 2);
});

// --- pipeline -----------------------------------------------------------------

scenario("pipeline success", ({ S }) => {
  const r = watch(S.Readable.from(["a", "b"], { objectMode: false }), "r");
  const t = watch(new S.PassThrough(), "t");
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c); cb(); } }), "w");
  const ret = S.pipeline(r, t, w, (err, val) => log("done", err, val));
  log("returns dest", ret === w);
});

scenario("pipeline source error", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  const t = watch(new S.PassThrough(), "t");
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c); cb(); } }), "w");
  S.pipeline(r, t, w, (err) => log("done", err, state(w).destroyed, state(t).destroyed));
  r.push("a");
  setTimeout(() => r.destroy(new Error("source failed")), 1);
});

scenario("pipeline destination error", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  const w = watch(new S.Writable({ write(c, e, cb) { cb(new Error("sink failed")); } }), "w");
  S.pipeline(r, w, (err) => log("done", err, r.destroyed));
  r.push("a");
});

scenario("pipeline transform error", ({ S }) => {
  const r = watch(S.Readable.from(["a", "b", "c"]), "r");
  const t = watch(new S.Transform({ objectMode: true, transform(c, e, cb) { cb(c === "b" ? new Error("bad b") : null, c); } }), "t");
  const w = watch(new S.Writable({ objectMode: true, write(c, e, cb) { log("_write", c); cb(); } }), "w");
  S.pipeline(r, t, w, (err) => log("done", err));
});

scenario("pipeline premature close", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  const t = watch(new S.PassThrough(), "t");
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
  S.pipeline(r, t, w, (err) => log("done", err));
  r.push("a");
  setTimeout(() => t.destroy(), 1);
});

scenario("pipeline with async generator", ({ S }) => {
  const w = watch(new S.Writable({ objectMode: true, write(c, e, cb) { log("_write", c); cb(); } }), "w");
  S.pipeline(
    function* () { yield "a"; yield "b"; },
    async function* (source, { signal }) { log("has signal", typeof signal.aborted); for await (const c of source) yield c.toUpperCase(); },
    w,
    (err) => log("done", err),
  );
});

scenario("pipeline to async function sink", ({ S }) => {
  S.pipeline(
    S.Readable.from([1, 2, 3]),
    async function (source) { let sum = 0; for await (const x of source) sum += x; return sum; },
    (err, val) => log("done", err, val),
  );
});

scenario("pipeline generator throws", ({ S }) => {
  const r = watch(S.Readable.from([1, 2]), "r");
  S.pipeline(r, async function* (source) { for await (const x of source) { if (x === 2) throw new Error("gen failed"); yield x; } },
    new S.Writable({ objectMode: true, write(c, e, cb) { log("_write", c); cb(); } }),
    (err) => log("done", err));
});

scenario("pipeline promise", async ({ S, P }) => {
  const out = [];
  await P.pipeline(S.Readable.from(["x", "y"]), new S.Writable({ objectMode: true, write(c, e, cb) { out.push(c); cb(); } }));
  log("resolved", out);
  try {
    await P.pipeline(new S.Readable({ read() { this.destroy(new Error("promise pipeline failed")); } }), new S.PassThrough());
  } catch (e) {
    log("rejected", e);
  }
  log("value", await P.pipeline(S.Readable.from([1, 2]), async (src) => { let n = 0; for await (const x of src) n += x; return n; }));
});

scenario("pipeline abort signal", async ({ S, P }) => {
  const ac = new AbortController();
  const r = watch(new S.Readable({ read() {} }), "r");
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
  setTimeout(() => ac.abort(), 2);
  try { await P.pipeline(r, w, { signal: ac.signal }); } catch (e) { log("rejected", e); }
  try { await P.pipeline(S.Readable.from(["a"]), new S.PassThrough(), { signal: AbortSignal.abort() }); } catch (e) { log("pre-aborted", e); }
});

scenario("pipeline end false", async ({ S, P }) => {
  const w = watch(new S.Writable({ objectMode: true, write(c, e, cb) { log("_write", c); cb(); } }), "w");
  await P.pipeline(S.Readable.from(["a"]), w, { end: false });
  log("resolved", state(w));
  w.end();
});

scenario("pipeline argument errors", ({ S }) => {
  for (const f of [() => S.pipeline(), () => S.pipeline(new S.PassThrough()), () => S.pipeline(new S.PassThrough(), () => {}),
    () => S.pipeline([new S.PassThrough()], () => {}), () => S.pipeline(() => 5, new S.PassThrough(), () => {}),
    () => S.pipeline(S.Readable.from([1]), (s) => 5, new S.PassThrough(), () => {}),
    () => S.pipeline(S.Readable.from([1]), (s) => 5, () => {})]) {
    try { f(); log("no throw"); } catch (e) { log("throw", e); }
  }
});

scenario("pipeline array form", ({ S }) => {
  const w = new S.Writable({ objectMode: true, write(c, e, cb) { log("_write", c); cb(); } });
  S.pipeline([S.Readable.from(["q"]), new S.PassThrough({ objectMode: true }), w], (err) => log("done", err));
});

scenario("pipeline last stream readable", ({ S }) => {
  const t = watch(new S.PassThrough(), "t");
  S.pipeline(S.Readable.from(["a", "b"], { objectMode: false }), t, (err) => log("done", err));
  t.on("data", (d) => log("data", d));
});

scenario("pipeline with iterable source", ({ S }) => {
  const w = watch(new S.Writable({ objectMode: true, write(c, e, cb) { log("_write", c); cb(); } }), "w");
  S.pipeline(["a", "b"], w, (err) => log("done", err));
});

// --- finished -------------------------------------------------------------------

scenario("finished readable", ({ S }) => {
  const r = watch(S.Readable.from(["a"]), "r");
  S.finished(r, (err) => log("finished", err));
  r.resume();
});

scenario("finished writable", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
  S.finished(w, (err) => log("finished", err));
  w.end("x");
});

scenario("finished premature close", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  S.finished(r, (err) => log("finished", err));
  r.destroy();
});

scenario("finished error", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(new Error("finished sees this")); } }), "w");
  S.finished(w, (err) => log("finished", err));
  w.write("x");
});

scenario("finished already finished", ({ S }) => {
  const r = S.Readable.from([]);
  r.resume();
  setTimeout(() => S.finished(r, (err) => log("finished late", err)), 3);
  const w = new S.Writable({ write(c, e, cb) { cb(); } });
  w.end();
  setTimeout(() => S.finished(w, (err) => log("finished w late", err)), 3);
});

scenario("finished options", ({ S }) => {
  const d = watch(new S.Duplex({ read() {}, write(c, e, cb) { cb(); } }), "d");
  S.finished(d, { readable: false }, (err) => log("writable side done", err));
  S.finished(d, { writable: false }, (err) => log("readable side done", err));
  S.finished(d, (err) => log("both done", err));
  d.end();
  setTimeout(() => { d.push(null); d.resume(); }, 2);
});

scenario("finished cleanup", ({ S }) => {
  const r = new S.Readable({ read() {} });
  const cleanup = S.finished(r, (err) => log("should not be called", err));
  cleanup();
  log("listeners", r.listenerCount("end"), r.listenerCount("close"), r.listenerCount("error"));
  r.destroy();
});

scenario("finished with signal", ({ S }) => {
  const ac = new AbortController();
  const r = new S.Readable({ read() {} });
  S.finished(r, { signal: ac.signal }, (err) => log("finished", err));
  ac.abort("stop");
  S.finished(new S.Readable({ read() {} }), { signal: AbortSignal.abort() }, (err) => log("pre-aborted", err));
});

scenario("finished promise", async ({ S, P }) => {
  const r = S.Readable.from(["a"]);
  r.resume();
  await P.finished(r);
  log("resolved");
  const w = new S.Writable({ write(c, e, cb) { cb(new Error("promise finished error")); } });
  w.write("x");
  try { await P.finished(w); } catch (e) { log("rejected", e); }
  log("promisify", util.promisify(S.finished) === P.finished, util.promisify(S.pipeline) === P.pipeline);
});

scenario("finished argument errors", ({ S }) => {
  for (const f of [() => S.finished({}, () => {}), () => S.finished(new S.Readable(), 5), () => S.finished(new S.Readable(), 5, () => {}),
    () => S.finished(new S.Readable(), { signal: 5 }, () => {})]) {
    try { f(); log("no throw"); } catch (e) { log("throw", e); }
  }
});

scenario("finished legacy stream", ({ S }) => {
  const s = new S.Stream();
  s.readable = true;
  s.pipe = () => {};
  S.finished(s, (err) => log("legacy finished", err));
  s.emit("end");
});

// --- misc -------------------------------------------------------------------

scenario("addAbortSignal", ({ S }) => {
  const ac = new AbortController();
  const r = watch(S.addAbortSignal(ac.signal, new S.Readable({ read() {} })), "r");
  ac.abort();
  try { S.addAbortSignal(5, new S.Readable()); } catch (e) { log("throw", e); }
  try { S.addAbortSignal(ac.signal, {}); } catch (e) { log("throw", e); }
});

scenario("compose", async ({ S }) => {
  const upper = new S.Transform({ transform(c, e, cb) { cb(null, c.toString().toUpperCase()); } });
  const exclaim = new S.Transform({ transform(c, e, cb) { cb(null, c.toString() + "!"); } });
  const d = S.compose(upper, exclaim);
  watch(d, "d");
  d.on("data", (c) => log("data", c));
  d.write("a");
  d.end("b");
});

scenario("compose with generator", async ({ S }) => {
  const d = S.compose(async function* (source) { for await (const c of source) yield String(c).repeat(2); }, new S.PassThrough({ objectMode: true }));
  log(await S.Readable.from(["x", "y"]).compose(d).toArray());
});

scenario("compose errors", ({ S }) => {
  try { S.compose(); } catch (e) { log("throw", e); }
  // (the inspected stream after "Received" differs: not compared)
  const cut = (e) => `${e.code}: ${e.message.split(". Received")[0]}`;
  const ended = new S.Writable();
  try { S.compose(ended, new S.PassThrough()); } catch (e) { log("throw", cut(e)); }
  const r = new S.Readable();
  try { S.compose(new S.PassThrough(), r); } catch (e) { log("throw", cut(e)); }
  try { S.Readable.from([1]).compose(r); } catch (e) { log("throw", cut(e)); }
});

scenario("Duplex.from variants", async ({ S }) => {
  const p = new S.PassThrough();
  log("same duplex", S.Duplex.from(p) === p);
  log("iterable", await S.Duplex.from(["a", "b"]).toArray());
  log("async gen fn", await S.Readable.from(["x"]).compose(S.Duplex.from(async function* (src) { for await (const c of src) yield c + "1"; })).toArray());
  const fromPromise = S.Duplex.from(Promise.resolve("resolved value"));
  log("promise", await fromPromise.toArray());
  const r = S.Readable.from(["r1"]);
  log("readable", await S.Duplex.from(r).toArray());
  const chunks = [];
  const w = new S.Writable({ write(c, e, cb) { chunks.push(c.toString()); cb(); } });
  const dw = S.Duplex.from(w);
  dw.end("to writable");
  await new Promise((res) => S.finished(dw, res));
  log("writable", chunks, dw.readable);
  const pair = S.Duplex.from({ readable: S.Readable.from(["pr"]), writable: new S.Writable({ write(c, e, cb) { log("pair write", c); cb(); } }) });
  pair.write("pw");
  pair.end();
  log("pair", await pair.toArray());
  try { S.Duplex.from(5); } catch (e) { log("throw", e); }
  try { S.Duplex.from(() => 5); } catch (e) { log("throw", e); }
});

scenario("predicates", ({ S }) => {
  const r = new S.Readable({ read() {} });
  const w = new S.Writable({ write(c, e, cb) { cb(); } });
  const preds = (s) => [S.isReadable(s), S.isErrored(s), S.isDisturbed(s), S.isDestroyed && S.isDestroyed(s), S.isWritable && S.isWritable(s)];
  log("fresh", preds(r), preds(w));
  r.push("a");
  r.read();
  log("read", preds(r));
  r.destroy(new Error("x"));
  w.end();
  log("destroyed/ended", preds(r), preds(w));
  r.on("error", () => {});
  setTimeout(() => log("later", preds(r), preds(w)), 2);
  log("non streams", preds({}), preds(null));
});

scenario("stream.destroy helper", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  S.destroy(r, new Error("via S.destroy"));
  const r2 = watch(new S.Readable({ read() {} }), "r2");
  S.destroy(r2);
  const legacy = new S.Stream();
  legacy.on("close", () => log("legacy close"));
  S.destroy(legacy);
});

scenario("Readable.wrap legacy", async ({ S }) => {
  const old = new S.Stream();
  old.pause = () => log("old pause");
  old.resume = () => log("old resume");
  old.custom = function () { return "custom"; };
  const r = new S.Readable({ highWaterMark: 2 }).wrap(old);
  log("proxied", typeof r.custom, r.custom && r.custom());
  watch(r, "r");
  r.on("data", (d) => log("data", d));
  old.emit("data", "aaaa");
  old.emit("data", "bb");
  setTimeout(() => old.emit("end"), 1);
});

scenario("Readable.wrap static", async ({ S }) => {
  const old = new S.Stream();
  const r = S.Readable.wrap(old);
  log("objectMode", r.readableObjectMode);
  setTimeout(() => { old.emit("data", { o: 1 }); old.emit("end"); }, 1);
  log(await r.toArray());
});

scenario("captureRejections", ({ S }) => {
  const r = watch(new S.Readable({ read() {}, captureRejections: true }), "r");
  r.on("data", async () => { throw new Error("async listener failed"); });
  r.push("x");
});

scenario("error event without listener (uncaught)", ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.destroy(new Error("nobody listens"));
});

scenario("many chunks flowing", ({ S }) => {
  let n = 0;
  const r = new S.Readable({ read() { for (let i = 0; i < 10 && n < 1000; i++) this.push(String(n++)); if (n >= 1000) this.push(null); } });
  let count = 0, total = 0;
  r.on("data", (d) => { count++; total += d.length; });
  r.on("end", () => log("end", count, total));
});

scenario("string decoder", ({ B, SD }) => {
  const cases = [
    ["utf8", [[0xe2], [0x82], [0xac]]], ["utf8", [[0xe2, 0x82], [0x41]]], ["utf8", [[0xf0, 0x9f], [0x98, 0x80, 0x41]]],
    ["utf8", [[0xff, 0x41], [0xc3]]], ["utf8", [[0xef, 0xbb, 0xbf, 0x41]]], ["utf16le", [[0x41], [0x00, 0x3d], [0xd8, 0x00, 0xde]]],
    ["utf16le", [[0x3d, 0xd8]]], ["utf16le", [[0x41, 0x00, 0x42]]], ["base64", [[1], [2, 3, 4], [5]]], ["base64url", [[0xfb, 0xff]]],
    ["hex", [[1, 0xab], [0xff]]], ["latin1", [[0xe9, 0x41]]], ["ascii", [[0xe9, 0x41]]], ["ucs2", [[0x61, 0x00, 0x62]]],
  ];
  for (const [enc, chunks] of cases) {
    const d = new SD(enc);
    const out = chunks.map((c) => d.write(B.from(c)));
    out.push(d.end());
    log(enc, d.encoding, out);
  }
  const d = new SD("utf8");
  log("end with buf", d.end(B.from([0xe2, 0x82])));
  log("after end reusable", d.write(B.from("ok")));
  try { new SD("bogus"); } catch (e) { log("throw", e); }
  log("default", new SD().encoding, new SD("UTF-8").encoding, new SD("binary").encoding);
  try { new SD().write("str"); log("string ok"); } catch (e) { log("throw", e); }
  try { new SD().write(5); } catch (e) { log("throw", e); }
});

// --- more edge cases ------------------------------------------------------------

scenario("pipe large data slow writable", ({ S }) => {
  let n = 0;
  const r = new S.Readable({ highWaterMark: 16, read() { this.push(n < 20 ? "0123456789".repeat(2) : null); n++; } });
  const w = new S.Writable({ highWaterMark: 32, write(c, e, cb) { setTimeout(cb, 0); } });
  let drains = 0, writes = 0, pauses = 0;
  const origWrite = w.write;
  w.write = function (...a) { writes++; const ret = origWrite.apply(this, a); if (!ret) log("write false at", writes, w.writableLength); return ret; };
  w.on("drain", () => drains++);
  r.on("pause", () => pauses++);
  w.on("finish", () => log("finish", writes, drains, pauses));
  r.pipe(w);
});

scenario("transform flush pushes async", ({ S }) => {
  const t = watch(new S.Transform({
    transform(c, e, cb) { cb(null, c); },
    flush(cb) { setTimeout(() => { this.push("flushed1"); cb(null, "flushed2"); }, 1); },
  }), "t");
  t.on("data", (d) => log("data", d));
  t.end("x");
});

scenario("transform callback twice", ({ S }) => {
  const t = watch(new S.Transform({ transform(c, e, cb) { cb(); cb(); } }), "t");
  t.write("x");
});

scenario("end with chunk while corked", ({ S }) => {
  const w = watch(new S.Writable({
    write(c, e, cb) { log("_write", c); cb(); },
    writev(cs, cb) { log("_writev", cs.map((x) => x.chunk)); cb(); },
  }), "w");
  w.cork();
  w.write("a");
  w.end("b", () => log("end cb"));
});

scenario("destroy inside write callback", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { setTimeout(cb, 1); } }), "w");
  w.write("a", () => { log("cb a"); w.destroy(); });
  w.write("b", (err) => log("cb b", err));
  w.end((err) => log("end cb", err));
});

scenario("write in finish handler", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
  w.on("finish", () => { log("write in finish ->", w.write("x", (err) => log("cb", err))); });
  w.end();
});

scenario("push empty string and empty buffer", ({ S, B }) => {
  let reads = 0;
  const r = watch(new S.Readable({ read() { reads++; if (reads === 1) this.push(""); else if (reads === 2) this.push(B.alloc(0)); else if (reads === 3) this.push("x"); else this.push(null); log("_read", reads); } }), "r");
  r.on("data", (d) => log("data", d));
});

scenario("push empty in objectMode", ({ S }) => {
  const r = watch(new S.Readable({ objectMode: true, read() {} }), "r");
  r.push("");
  r.push(0);
  r.push(false);
  r.push(null);
  r.on("data", (d) => log("data", d));
});

scenario("readable hwm 0 with readable listener", ({ S }) => {
  let n = 0;
  const r = watch(new S.Readable({ highWaterMark: 0, read() { log("_read"); if (n++ < 2) setTimeout(() => this.push(`v${n}`), 1); else this.push(null); } }), "r");
  r.on("readable", () => { let c; while ((c = r.read()) !== null) log("read", c); log("readable done"); });
});

scenario("async iterator on errored stream", async ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.on("error", (e) => log("error listener", e));
  r.destroy(new Error("before iteration"));
  try { for await (const c of r) log("chunk", c); log("no error"); } catch (e) { log("caught", e); }
});

scenario("async iterator on ended stream", async ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.push(null);
  r.resume();
  await delay(2);
  const out = [];
  for await (const c of r) out.push(c);
  log("out", out, state(r));
});

scenario("async iterator return then next", async ({ S }) => {
  const r = S.Readable.from([1, 2, 3]);
  const it = r[Symbol.asyncIterator]();
  log(await it.next());
  log(await it.return());
  log(await it.next());
  await delay(1);
  log("destroyed", r.destroyed);
});

scenario("setEncoding variants", ({ S, B }) => {
  for (const enc of [null, "latin1", "ucs2", "UTF-8"]) {
    const r = new S.Readable({ read() {} });
    r.setEncoding(enc);
    r.push(B.from([0xe9, 0x41, 0x42, 0x00]));
    r.push(null);
    log(String(enc), r.readableEncoding, r.read());
  }
  try { new S.Readable().setEncoding("bogus"); } catch (e) { log("throw", e); }
});

scenario("unpipe inside data while backpressured", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  const w = watch(new S.Writable({ highWaterMark: 1, write(c, e, cb) { log("_write", c); setTimeout(cb, 2); } }), "w");
  r.pipe(w);
  r.on("data", (d) => { if (String(d) === "b") { r.unpipe(w); log("unpiped", r.readableFlowing); } });
  r.push("a");
  r.push("b");
  r.push("c");
  setTimeout(() => log("state", r.readableFlowing, r.readableLength), 20);
});

scenario("objectMode into byte writable", ({ S }) => {
  const r = S.Readable.from([{ a: 1 }]);
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
  r.pipe(w);
});

scenario("push Uint8Array and DataView", ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.push(new Uint8Array([1, 2]));
  r.push(new Uint16Array([0x0403]));
  r.push(new DataView(new Uint8Array([5]).buffer));
  r.push(null);
  r.on("data", (d) => log("data", d, d.constructor.name === "Buffer"));
});

scenario("removeAllListeners readable", ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.on("readable", () => log("readable"));
  r.on("data", (d) => log("data", d));
  r.push("a");
  setTimeout(() => {
    r.removeAllListeners("readable");
    setTimeout(() => { log("flowing", r.readableFlowing); r.push("b"); }, 1);
  }, 1);
});

scenario("once data then pause", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.push("a");
  r.push("b");
  r.once("data", (d) => { log("once data", d); r.pause(); });
  setTimeout(() => log("state", r.readableFlowing, r.readableLength, r.listenerCount("data")), 2);
});

scenario("Symbol.asyncDispose", async ({ S }) => {
  if (typeof Symbol.asyncDispose !== "symbol") { log("no asyncDispose"); return; }
  const r = watch(new S.Readable({ read() {} }), "r");
  try { await r[Symbol.asyncDispose](); log("disposed"); } catch (e) { log("dispose rejected", e); }
  const r2 = S.Readable.from([1]);
  await r2.toArray();
  await r2[Symbol.asyncDispose]();
  log("r2 disposed", r2.destroyed);
});

scenario("finished error false option", ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.on("error", () => log("user error listener"));
  S.finished(r, { error: false }, (err) => log("finished", err));
  r.destroy(new Error("ignored by finished"));
});

scenario("finished on never consumed readable", ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.push(null);
  S.finished(r, (err) => log("should not fire until consumed", err));
  setTimeout(() => { log("consuming"); r.resume(); }, 2);
});

scenario("finished duplex halfopen", ({ S }) => {
  const d = new S.Duplex({ read() {}, write(c, e, cb) { cb(); } });
  S.finished(d, (err) => log("finished", err));
  d.push(null);
  d.resume();
  setTimeout(() => { log("ending writable"); d.end(); }, 2);
});

scenario("finished after error emitted", ({ S }) => {
  const r = new S.Readable({ read() {}, autoDestroy: false });
  r.on("error", () => log("error"));
  r.push(42);
  setTimeout(() => S.finished(r, (err) => log("finished", err)), 2);
});

scenario("pipeline with Duplex.from transform", async ({ S, P }) => {
  const out = [];
  await P.pipeline(S.Readable.from(["a", "b"]), S.Duplex.from(async function* (src) { for await (const c of src) yield c + "!"; }),
    new S.Writable({ objectMode: true, write(c, e, cb) { out.push(c); cb(); } }));
  log(out);
});

scenario("pipeline writable errors after finish", ({ S }) => {
  const w = new S.Writable({ write(c, e, cb) { cb(); } });
  S.pipeline(S.Readable.from(["a"]), w, (err) => {
    log("done", err);
    w.on("error", (e) => log("late error", e));
    w.emit("error", new Error("late"));
  });
});

scenario("pipeline destroyed source before start", ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.destroy();
  S.pipeline(r, new S.PassThrough(), (err) => log("done", err));
});

scenario("pipeline ended source", ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.push(null);
  r.resume();
  setTimeout(() => {
    const w = new S.Writable({ write(c, e, cb) { cb(); } });
    watch(w, "w");
    S.pipeline(r, w, (err) => log("done", err));
  }, 3);
});

scenario("pipeline generator source with signal abort", async ({ S, P }) => {
  const ac = new AbortController();
  const seen = [];
  setTimeout(() => ac.abort(), 5);
  try {
    await P.pipeline(async function* ({ signal }) { let i = 0; while (!signal.aborted) { yield String(i++); await delay(1); } },
      new S.Writable({ write(c, e, cb) { seen.push(String(c)); cb(); } }), { signal: ac.signal });
  } catch (e) {
    log("rejected", e.name, seen.length > 0);
  }
});

scenario("pipeline three functions", async ({ S, P }) => {
  const result = await P.pipeline(
    async function* () { yield 1; yield 2; yield 3; },
    async function* (src) { for await (const x of src) yield x * 2; },
    async function (src) { const all = []; for await (const x of src) all.push(x); return all; },
  );
  log(result);
});

scenario("compose readable only tail", async ({ S }) => {
  const c = S.compose(new S.PassThrough({ objectMode: true }), async function* (src) { for await (const x of src) yield x + 1; });
  c.write(1);
  c.end(2);
  log(await c.toArray());
});

scenario("compose error propagation", ({ S }) => {
  const c = watch(S.compose(new S.PassThrough(), new S.Transform({ transform(ch, e, cb) { cb(new Error("inner transform failed")); } })), "c");
  c.write("x");
});

scenario("compose destroy", ({ S }) => {
  const a = watch(new S.PassThrough(), "a");
  const b = watch(new S.PassThrough(), "b");
  const c = watch(S.compose(a, b), "c");
  c.destroy();
});

scenario("duplex writev via cork", ({ S }) => {
  const d = watch(new S.Duplex({
    read() {},
    writev(chunks, cb) { log("_writev", chunks.map((c) => c.chunk)); cb(); },
  }), "d");
  d.cork();
  d.write("1");
  d.write("2");
  process.nextTick(() => d.uncork());
  setTimeout(() => { d.push(null); d.resume(); d.end(); }, 2);
});

scenario("writable destroy twice and destroyed getter", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
  w.destroy(new Error("first"));
  w.destroy(new Error("second"), (err) => log("second destroy cb", err));
  w.destroyed = false;
  log("after set destroyed false", w.destroyed, w.writable);
});

scenario("undestroy", ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.destroy();
  setTimeout(() => {
    r._undestroy();
    log("after undestroy", state(r));
    r.push("again");
    r.push(null);
    r.on("data", (d) => log("data", d));
    watch(r, "r");
  }, 2);
});

scenario("writable needDrain with cork", ({ S }) => {
  const w = new S.Writable({ highWaterMark: 3, write(c, e, cb) { log("_write", c); cb(); } });
  w.cork();
  log(w.write("ab"), w.write("cd"), w.writableNeedDrain, w.writableLength);
  w.on("drain", () => log("drain"));
  w.uncork();
  log("after uncork", w.writableLength, w.writableNeedDrain);
});

scenario("many sync writes same callback", ({ S }) => {
  const w = watch(new S.Writable({ highWaterMark: 4, write(c, e, cb) { cb(); } }), "w");
  const cb = () => log("cb");
  for (let i = 0; i < 5; i++) log("write", i, w.write("xy", cb));
  w.end(() => log("end cb"));
});

scenario("write returns false then destroy", ({ S }) => {
  const w = watch(new S.Writable({ highWaterMark: 1, write(c, e, cb) { setTimeout(cb, 1); } }), "w");
  log(w.write("ab"));
  w.destroy();
  log(w.write("c", (err) => log("cb", err)));
});

scenario("readable read inside data handler", ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.push("a");
  r.push("b");
  r.push("c");
  r.on("data", (d) => { log("data", d); if (String(d) === "a") log("read inside", r.read()); });
  setTimeout(() => r.push(null), 1);
  watch(r, "r");
});

scenario("readable pause in readable handler", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.on("readable", () => { log("readable", r.read()); r.pause(); log("isPaused", r.isPaused()); });
  r.push("x");
  setTimeout(() => { r.push("y"); r.push(null); }, 1);
});

scenario("readable resume with readable listener", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.on("readable", () => log("readable"));
  r.resume();
  log("flowing", r.readableFlowing);
  r.push("x");
  setTimeout(() => log("len", r.readableLength), 2);
});

scenario("error in data listener during flowing", ({ S }) => {
  const r = watch(new S.Readable({ read() {} }), "r");
  r.on("data", () => { throw new Error("listener threw"); });
  r.push("x");
});

scenario("transform objectMode split", ({ S }) => {
  const t = watch(new S.Transform({ readableObjectMode: true, transform(c, e, cb) { for (const ch of c.toString()) this.push(ch); cb(); } }), "t");
  t.on("data", (d) => log("data", d));
  log("modes", t.readableObjectMode, t.writableObjectMode, t.readableHighWaterMark, t.writableHighWaterMark);
  t.end("abc");
});

scenario("string decoder via stream with base64", ({ S, B }) => {
  const r = new S.Readable({ read() {} });
  r.setEncoding("base64");
  r.push(B.from([1]));
  r.push(B.from([2, 3, 4, 5]));
  r.push(null);
  r.on("data", (d) => log("data", d));
});

// --- still more ---------------------------------------------------------------

scenario("writable hwm 0", ({ S }) => {
  const w = watch(new S.Writable({ highWaterMark: 0, write(c, e, cb) { log("_write", c); setTimeout(cb, 1); } }), "w");
  log("write ->", w.write("a"), w.writableNeedDrain);
  log("write ->", w.write("b"));
  w.end();
});

scenario("finished promise cleanup option", async ({ S, P }) => {
  const r = S.Readable.from(["a"]);
  r.resume();
  await P.finished(r, { cleanup: true });
  log("listeners after cleanup", r.listenerCount("end"), r.listenerCount("close"));
  try { await P.finished(r, { cleanup: "yes" }); } catch (e) { log("throw", e); }
  const ac = new AbortController();
  const r2 = new S.Readable({ read() {} });
  setTimeout(() => ac.abort(), 1);
  try { await P.finished(r2, { signal: ac.signal }); } catch (e) { log("aborted", e); }
});

scenario("addAbortSignal writable and duplex", ({ S }) => {
  const ac = new AbortController();
  const w = watch(S.addAbortSignal(ac.signal, new S.Writable({ write(c, e, cb) { setTimeout(cb, 5); } })), "w");
  const d = watch(S.addAbortSignal(ac.signal, new S.Duplex({ read() {}, write(c, e, cb) { cb(); } })), "d");
  w.write("x", (err) => log("w cb", err));
  ac.abort(new Error("custom reason"));
  log("destroyed", w.destroyed, d.destroyed);
});

scenario("Readable.from buffers byte mode", async ({ S, B }) => {
  const r = S.Readable.from([B.from("ab"), B.from("cd")], { objectMode: false });
  const out = [];
  r.on("data", (d) => out.push(d));
  await new Promise((res) => r.on("end", res));
  log(out, r.readableObjectMode);
});

scenario("pipeline destination duplex data", ({ S }) => {
  const d = new S.PassThrough({ objectMode: true });
  const ret = S.pipeline(S.Readable.from(["a", "b"]), d, (err) => log("done", err));
  ret.on("data", (c) => log("data", c));
  watch(ret, "ret");
});

scenario("pipeline writable error stops generator", async ({ S, P }) => {
  let cleaned = false;
  async function* src() { try { for (let i = 0; ; i++) { yield String(i); await delay(1); } } finally { cleaned = true; } }
  try {
    await P.pipeline(src, new S.Writable({ write(c, e, cb) { cb(String(c) === "2" ? new Error("sink stop") : null); } }));
  } catch (e) {
    log("rejected", e);
  }
  await delay(2);
  log("generator cleaned", cleaned);
});

scenario("pipeline source generator throws", async ({ S, P }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { log("_write", c); cb(); } }), "w");
  try {
    await P.pipeline(async function* () { yield "a"; throw new Error("source gen failed"); }, w);
  } catch (e) {
    log("rejected", e);
  }
});

scenario("duplexPair backpressure", async ({ S }) => {
  if (typeof S.duplexPair !== "function") { log("no duplexPair"); return; }
  const [a, b] = S.duplexPair({ highWaterMark: 4 });
  log("write", a.write("12345"), a.write("6"));
  await delay(2);
  log("b len", b.readableLength, a.writableLength);
  log("read", b.read());
  await delay(2);
  log("after read", b.readableLength, a.writableLength);
  a.end();
  b.resume();
  await delay(2);
  log("ended", b.readableEnded);
});

scenario("writable emitClose false", ({ S }) => {
  const w = watch(new S.Writable({ emitClose: false, write(c, e, cb) { cb(); } }), "w");
  w.end("x");
  setTimeout(() => log("state", state(w)), 2);
});

scenario("destroy in final", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); }, final(cb) { this.destroy(); cb(); } }), "w");
  w.end((err) => log("end cb", err));
});

scenario("read after destroy", ({ S }) => {
  const r = new S.Readable({ read() {} });
  r.push("abc");
  r.destroy();
  log("read", r.read(), r.readableLength);
  watch(r, "r");
});

scenario("take with aborted signal", async ({ S }) => {
  try { await S.Readable.from([1, 2]).take(1, { signal: AbortSignal.abort() }).toArray(); log("no throw"); } catch (e) { log("caught", e); }
  try { await S.Readable.from([1, 2]).drop(1, { signal: AbortSignal.abort() }).toArray(); log("no throw"); } catch (e) { log("caught", e); }
});

scenario("reduce with aborted signal", async ({ S }) => {
  const r = watch(new S.Readable({ objectMode: true, read() {} }), "r");
  try { await r.reduce((a, b) => a + b, 0, { signal: AbortSignal.abort() }); } catch (e) { log("caught", e); }
  log("destroyed", r.destroyed);
});

scenario("forEach with concurrency", async ({ S }) => {
  const order = [];
  // 15 ms steps: 1 ms steps reordered under load, in Node's own run too.
  await S.Readable.from([3, 1, 2]).forEach(async (x) => { await delay(x * 15); order.push(x); }, { concurrency: 3 });
  log(order);
});

scenario("map highWaterMark option", async ({ S }) => {
  let pulled = 0;
  function* gen() { for (let i = 0; i < 10; i++) { pulled++; yield i; } }
  const m = S.Readable.from(gen()).map((x) => x, { highWaterMark: 2 });
  await delay(3);
  log("pulled early", pulled);
  log(await m.toArray(), pulled);
});

scenario("some short circuits and destroys", async ({ S }) => {
  const r = watch(S.Readable.from([1, 2, 3, 4]), "r");
  log(await r.some((x) => x === 2));
  await delay(1);
  log("destroyed", r.destroyed);
});

scenario("find on byte stream and toArray of strings", async ({ S }) => {
  const r = new S.Readable({ read() {}, encoding: "utf8" });
  r.push("ab");
  r.push("cd");
  r.push(null);
  log(await r.toArray());
});

scenario("iterator destroyOnReturn true", async ({ S }) => {
  const r = watch(S.Readable.from([1, 2]), "r");
  for await (const x of r.iterator({ destroyOnReturn: true })) { log("x", x); break; }
  await delay(1);
});

scenario("writable write after destroy without error", ({ S }) => {
  const w = watch(new S.Writable({ write(c, e, cb) { cb(); } }), "w");
  w.destroy();
  log("write ->", w.write("x", (err) => log("cb", err)));
});

scenario("readable errored then push returns false", ({ S }) => {
  const r = new S.Readable({ read() {}, autoDestroy: false });
  r.on("error", (e) => log("error", e));
  r.push(5);
  log("push after error ->", r.push("x"), r.readableLength);
});

scenario("writev with errors in callback", ({ S }) => {
  const w = watch(new S.Writable({
    writev(chunks, cb) { log("_writev", chunks.length); cb(new Error("writev failed")); },
    write(c, e, cb) { log("_write", c); setTimeout(cb, 1); },
  }), "w");
  w.write("a", (err) => log("cb a", err));
  w.write("b", (err) => log("cb b", err));
  w.write("c", (err) => log("cb c", err));
});

scenario("pipe returns dest and chained end", ({ S }) => {
  const r = S.Readable.from(["x"], { objectMode: false });
  const p1 = new S.PassThrough(), p2 = watch(new S.PassThrough(), "p2");
  log("chain", r.pipe(p1).pipe(p2) === p2);
  p2.on("data", (d) => log("data", d));
});

scenario("stream from subclass", ({ S }) => {
  class Counter extends S.Readable {
    constructor() { super({ objectMode: true }); this.n = 0; }
    _read() { this.push(this.n < 3 ? this.n++ : null); }
  }
  class Sink extends S.Writable {
    constructor() { super({ objectMode: true }); }
    _write(c, e, cb) { log("sink", c); cb(); }
    _final(cb) { log("sink final"); cb(); }
  }
  const sink = watch(new Sink(), "sink");
  new Counter().pipe(sink);
});

scenario("legacy inherits style", ({ S }) => {
  function Old(opts) { S.Transform.call(this, opts); }
  Object.setPrototypeOf(Old.prototype, S.Transform.prototype);
  Object.setPrototypeOf(Old, S.Transform);
  Old.prototype._transform = function (c, e, cb) { cb(null, "<" + c + ">"); };
  const o = watch(new Old(), "o");
  o.on("data", (d) => log("data", d));
  o.end("z");
  log("instanceof", o instanceof S.Transform, o instanceof S.Writable);
});

scenario("string decoder random splits", ({ B, SD }) => {
  let seed = 7;
  const rand = (n) => { seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff; return seed % n; };
  const valid = Array.from(Buffer.from("a\u00e9\u20ac\ud83d\ude00z\u0100"));
  for (const enc of ["utf8", "utf16le", "base64", "hex", "latin1"]) {
    for (let k = 0; k < 40; k++) {
      const bytes = [];
      const n = 1 + rand(16);
      for (let i = 0; i < n; i++) bytes.push(rand(3) ? valid[rand(valid.length)] : rand(256));
      const d = new SD(enc);
      const out = [];
      let i = 0;
      while (i < bytes.length) {
        const step = 1 + rand(4);
        out.push(d.write(B.from(bytes.slice(i, i + step))));
        out.push(`${d.lastNeed}/${d.lastTotal}`);
        i += step;
      }
      out.push(d.end());
      log(enc, JSON.stringify(out));
    }
  }
});

// --- generated programs ---------------------------------------------------------
// Random but fixed sequences of operations, with setImmediate between steps
// (deterministic relative to ticks and promise jobs).

function prng(seed) {
  return (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed % n;
  };
}
const immediate = () => new Promise((r) => setImmediate(r));

const GEN = Number(process.env.GEN || 1);
for (let k = 0; k < 25 * GEN; k++) {
  scenario(`generated readable program ${k}`, async ({ S }) => {
    const rand = prng(1000 + k);
    const objectMode = rand(3) === 0;
    const hwm = [0, 1, 3, 8, undefined][rand(5)];
    const asyncRead = rand(2) === 0;
    let n = 0;
    const r = watch(new S.Readable({
      objectMode, highWaterMark: hwm,
      read(size) {
        log("_read", size);
        const produce = () => { if (!r.destroyed && n < 12) log("push ->", r.push(objectMode ? n++ : `p${n++}`)); };
        if (asyncRead) setImmediate(produce); else if (rand(2)) produce();
      },
    }), "r");
    for (let step = 0; step < 14; step++) {
      const op = rand(12);
      try {
        if (op === 0) log("op push", r.push(objectMode ? `x${step}` : `x${step}`));
        else if (op === 1) log("op read()", r.read());
        else if (op === 2) { const m = 1 + rand(4); log(`op read(${m})`, r.read(m)); }
        else if (op === 3) { log("op on data"); r.on("data", (d) => log("data", d)); }
        else if (op === 4) { log("op pause"); r.pause(); }
        else if (op === 5) { log("op resume"); r.resume(); }
        else if (op === 6) { log("op on readable"); r.on("readable", () => log("readable", r.readableLength)); }
        else if (op === 7) { log("op unshift"); r.unshift(objectMode ? "u" : "u"); }
        else if (op === 8 && rand(3) === 0) { log("op push null"); r.push(null); }
        else if (op === 9 && rand(4) === 0) { log("op destroy"); r.destroy(rand(2) ? new Error("gen destroy") : undefined); }
        else if (op === 10) { log("op setEncoding"); if (!objectMode) r.setEncoding("utf8"); }
        else log("op state", state(r));
      } catch (e) {
        log("threw", e);
      }
      if (rand(2)) await immediate();
    }
    await immediate();
    log("final", state(r));
  });
}

for (let k = 0; k < 25 * GEN; k++) {
  scenario(`generated writable program ${k}`, async ({ S }) => {
    const rand = prng(2000 + k);
    const objectMode = rand(3) === 0;
    const hwm = [0, 2, 5, undefined][rand(4)];
    const mode = rand(3); // 0 sync, 1 immediate, 2 mixed
    const useWritev = rand(2) === 0;
    const failOn = rand(3) === 0 ? rand(6) : -1;
    let count = 0;
    const finish = (cb, chunk) => {
      const err = count++ === failOn ? new Error(`fail ${chunk}`) : null;
      if (mode === 0 || (mode === 2 && rand(2))) cb(err);
      else setImmediate(cb, err);
    };
    const opts = {
      objectMode, highWaterMark: hwm,
      write(chunk, enc, cb) { log("_write", chunk, enc); finish(cb, chunk); },
    };
    if (useWritev) opts.writev = function (chunks, cb) { log("_writev", chunks.map((c) => c.chunk)); finish(cb, "v"); };
    if (rand(2)) opts.final = function (cb) { log("_final"); if (rand(2)) cb(); else setImmediate(cb); };
    const w = watch(new S.Writable(opts), "w");
    for (let step = 0; step < 12; step++) {
      const op = rand(10);
      try {
        if (op <= 3) { const cb = rand(2) ? (err) => log(`cb ${step}`, err) : undefined; log(`op write ${step}`, w.write(`c${step}`, cb)); }
        else if (op === 4) { log("op cork"); w.cork(); }
        else if (op === 5) { log("op uncork"); w.uncork(); }
        else if (op === 6 && rand(3) === 0) { log("op end"); w.end(rand(2) ? `e${step}` : undefined, (err) => log("end cb", err)); }
        else if (op === 7 && rand(5) === 0) { log("op destroy"); w.destroy(rand(2) ? new Error("gen w destroy") : undefined); }
        else log("op state", state(w));
      } catch (e) {
        log("threw", e);
      }
      if (rand(2)) await immediate();
    }
    await immediate();
    await immediate();
    log("final", state(w));
  });
}

for (let k = 0; k < 15 * GEN; k++) {
  scenario(`generated pipe program ${k}`, async ({ S }) => {
    const rand = prng(3000 + k);
    const total = 3 + rand(10);
    let n = 0;
    const r = watch(new S.Readable({
      highWaterMark: [1, 4, 16][rand(3)],
      read() { const v = n < total ? `r${n++}` : null; if (rand(2)) this.push(v); else setImmediate(() => this.push(v)); },
    }), "r");
    const stages = [r];
    if (rand(2)) stages.push(watch(new S.Transform({ highWaterMark: [1, 8][rand(2)], transform(c, e, cb) { if (rand(2)) cb(null, c); else setImmediate(cb, null, c); } }), "t"));
    const failAt = rand(4) === 0 ? rand(total) : -1;
    let seen = 0;
    const w = watch(new S.Writable({
      highWaterMark: [1, 4, 16][rand(3)],
      write(c, e, cb) { log("_write", c); const err = seen++ === failAt ? new Error("pipe sink fail") : null; if (rand(2)) cb(err); else setImmediate(cb, err); },
    }), "w");
    stages.push(w);
    if (rand(2)) {
      S.pipeline(...stages, (err) => log("pipeline done", err));
    } else {
      let cur = stages[0];
      for (let i = 1; i < stages.length; i++) cur = cur.pipe(stages[i]);
    }
    for (let i = 0; i < 6; i++) await immediate();
  });
}

for (let k = 0; k < 20 * GEN; k++) {
  scenario(`generated transform program ${k}`, async ({ S }) => {
    const rand = prng(4000 + k);
    const objectMode = rand(3) === 0;
    const opts = {
      objectMode,
      highWaterMark: [0, 1, 4, undefined][rand(4)],
      transform(c, e, cb) {
        log("_transform", c);
        const out = rand(3) === 0 ? null : objectMode ? c : String(c).toUpperCase();
        const err = rand(12) === 0 ? new Error("gen transform error") : null;
        if (rand(3) === 0) { this.push(objectMode ? "extra" : "+"); }
        if (rand(2)) cb(err, out); else setImmediate(cb, err, out);
      },
    };
    if (rand(2)) opts.flush = function (cb) { log("_flush"); if (rand(2)) cb(null, "flushed"); else setImmediate(cb); };
    if (rand(3) === 0) opts.allowHalfOpen = false;
    const t = watch(new S.Transform(opts), "t");
    for (let step = 0; step < 12; step++) {
      const op = rand(10);
      try {
        if (op <= 3) log(`op write ${step}`, t.write(objectMode ? step : `w${step}`, rand(2) ? (err) => log(`cb ${step}`, err) : undefined));
        else if (op === 4) log("op read", t.read());
        else if (op === 5) { log("op on data"); t.on("data", (d) => log("data", d)); }
        else if (op === 6) { log("op pause"); t.pause(); }
        else if (op === 7) { log("op resume"); t.resume(); }
        else if (op === 8 && rand(3) === 0) { log("op end"); t.end((err) => log("end cb", err)); }
        else if (op === 9 && rand(6) === 0) { log("op destroy"); t.destroy(rand(2) ? new Error("gen t destroy") : undefined); }
        else log("op state", state(t));
      } catch (e) {
        log("threw", e);
      }
      if (rand(2)) await immediate();
    }
    for (let i = 0; i < 3; i++) await immediate();
    log("final", state(t));
  });
}

for (let k = 0; k < 15 * GEN; k++) {
  scenario(`generated iteration program ${k}`, async ({ S }) => {
    const rand = prng(5000 + k);
    const total = 1 + rand(8);
    let n = 0;
    const failAt = rand(4) === 0 ? rand(total) : -1;
    const r = watch(new S.Readable({
      objectMode: rand(2) === 0,
      highWaterMark: [1, 2, 16][rand(3)],
      read() {
        const produce = () => {
          if (n === failAt) { n++; this.destroy(new Error("gen iteration fail")); return; }
          this.push(n < total ? `i${n++}` : null);
        };
        if (rand(2)) produce(); else setImmediate(produce);
      },
    }), "r");
    const breakAt = rand(3) === 0 ? rand(total) : -1;
    const throwAt = rand(5) === 0 ? rand(total) : -1;
    let i = 0;
    try {
      const it = rand(2) ? r : r.iterator({ destroyOnReturn: rand(2) === 0 });
      for await (const chunk of it) {
        log("chunk", chunk);
        if (i === throwAt) throw new Error("gen body throw");
        if (i++ === breakAt) { log("break"); break; }
        if (rand(3) === 0) await immediate();
      }
      log("loop done");
    } catch (e) {
      log("caught", e);
    }
    for (let j = 0; j < 3; j++) await immediate();
    log("final", state(r));
  });
}

for (let k = 0; k < 15 * GEN; k++) {
  scenario(`generated pipeline program ${k}`, async ({ S }) => {
    const rand = prng(6000 + k);
    const total = 1 + rand(6);
    const stages = [];
    const kind0 = rand(3);
    if (kind0 === 0) stages.push(watch(S.Readable.from(Array.from({ length: total }, (_, i) => `s${i}`)), "src"));
    else if (kind0 === 1) stages.push(async function* () { for (let i = 0; i < total; i++) { if (rand(2)) await immediate(); yield `g${i}`; } });
    else {
      let n = 0;
      stages.push(watch(new S.Readable({ objectMode: true, read() { setImmediate(() => this.push(n < total ? `r${n++}` : null)); } }), "src"));
    }
    const middles = rand(3);
    for (let m = 0; m < middles; m++) {
      if (rand(2)) {
        const failAt = rand(5) === 0 ? rand(total) : -1;
        let c = 0;
        stages.push(watch(new S.Transform({ objectMode: true, transform(x, e, cb) { const err = c++ === failAt ? new Error("gen mid fail") : null; if (rand(2)) cb(err, `${x}>`); else setImmediate(cb, err, `${x}>`); } }), `mid${m}`));
      } else {
        stages.push(async function* (source) { for await (const x of source) { yield `${x}~`; } });
      }
    }
    const sinkKind = rand(3);
    if (sinkKind === 0) {
      stages.push(watch(new S.Writable({ objectMode: true, write(x, e, cb) { log("sink", x); if (rand(2)) cb(); else setImmediate(cb); } }), "sink"));
    } else if (sinkKind === 1) {
      stages.push(async function (source) { const all = []; for await (const x of source) all.push(x); return all.join(","); });
    } else {
      stages.push(watch(new S.PassThrough({ objectMode: true }), "sink"));
    }
    const ret = S.pipeline(...stages, (err, val) => log("done", err, val));
    if (sinkKind === 2) ret.on("data", (d) => log("out", d));
    if (rand(4) === 0) {
      for (let i = 0; i < rand(4); i++) await immediate();
      const victim = stages.filter((x) => typeof x !== "function")[0];
      if (victim) { log("destroying"); victim.destroy(rand(2) ? new Error("gen victim") : undefined); }
    }
    for (let i = 0; i < 12; i++) await immediate();
  });
}

// ---------------------------------------------------------------------------
// Runner

async function runOne(sc, impl) {
  current = [];
  lastLogAt = Date.now();
  const startedAt = Date.now();
  let returned;
  try {
    returned = sc.fn(impl);
    if (returned && typeof returned.then === "function") {
      // a scenario promise that never settles is logged as such
      const timeout = realDelay(1500).then(() => "timeout");
      const r = await Promise.race([returned.then(() => "(resolved)", (e) => `(rejected) ${fmt(e)}`), timeout]);
      log(r === "timeout" ? "(never settled)" : r);
    }
  } catch (e) {
    log("(threw)", e);
  }
  // Wait until no timer of the scenario is pending and the log is quiet.
  // (15 ms of quiet: a loaded machine can stall a few ms between two events)
  while ((liveTimers.size > 0 || Date.now() - lastLogAt < 15) && Date.now() - startedAt < 2000) await realDelay(2);
  const out = current;
  current = null;
  return out;
}

async function main() {
  const keepAlive = realSetInterval(() => {}, 1000);
  const filter = process.argv[2];
  let passed = 0, failed = 0;
  const failures = [];
  for (const sc of scenarios) {
    if (filter && !sc.name.includes(filter)) continue;
    if (process.env.DUMP) {
      // DUMP=1: our logs only (to compare runs on other engines)
      console.log(`== ${sc.name}\n${(await runOne(sc, MINE)).join("\n")}`);
      continue;
    }
    const node = await runOne(sc, NODE);
    const mine = await runOne(sc, MINE);
    const a = mine.join("\n"), b = node.join("\n");
    if (a === b) {
      passed++;
      if (filter) console.log(`ok ${sc.name}\n${b}`);
    } else {
      failed++;
      const lines = [`FAIL ${sc.name}`];
      const n = Math.max(mine.length, node.length);
      for (let i = 0; i < n; i++) {
        const mark = mine[i] === node[i] ? "  " : "!!";
        lines.push(` ${mark} mine: ${mine[i] === undefined ? "-" : mine[i]}`);
        if (mine[i] !== node[i]) lines.push(`    node: ${node[i] === undefined ? "-" : node[i]}`);
      }
      failures.push(lines.join("\n"));
    }
  }
  // Checks that are not comparisons.
  {
    const message = (fn) => {
      try {
        fn();
        return "no error";
      } catch (e) {
        return `${e.code} ${e.message}`;
      }
    };
    const mineMessage = message(() => MINE.S.Readable.fromWeb());
    const nodeMessage = message(() => require("stream").Readable.fromWeb());
    if (mineMessage === nodeMessage) passed++;
    else { failed++; failures.push(`FAIL Readable.fromWeb(): ${mineMessage}, Node: ${nodeMessage}`); }
  }
  realClearInterval(keepAlive);
  for (const f of failures) console.log(f);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main();
