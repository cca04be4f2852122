// Shared machinery for the tests that run src/js/lib files under Node and
// compare them with Node's own globals.
//
// - load(name): evaluates src/js/lib/<name>.js the way the runtime does
//   (body of `function (exports, require, host)`), with a `require` that
//   loads sibling files and shims "errors", "tasks", "timers" and
//   "inspect" with Node's, and a `host` made of Node primitives.
// - shape(value): a JSON-able description of a value graph (types,
//   prototypes, own properties with their attributes, internal state of
//   built-ins, shared references as ids) so two results can be compared
//   as JSON text.
// - runCases(cases): runs each case against Node's globals ("ref") and
//   against ours ("mine"), compares, prints mismatches, returns counts.
"use strict";

const fs = require("fs");
const path = require("path");
const util = require("util");
const nodeCrypto = require("crypto");
const timers = require("timers");

const LIB = path.join(__dirname, "..", "..", "src", "js", "lib");
const NODE_MAJOR = Number(process.versions.node.split(".")[0]);

// JavaScriptCore has ArrayBuffer.prototype.transfer (ES2024), which
// structured_clone.js uses to detach transferred buffers; Node 20 does not.
// Give Node 20 one, built on its own structuredClone (which detaches).
if (typeof ArrayBuffer.prototype.transfer !== "function") {
  Object.defineProperty(ArrayBuffer.prototype, "transfer", {
    value: function transfer(newLength = undefined) {
      const moved = structuredClone(this, { transfer: [this] });
      if (newLength === undefined || newLength === moved.byteLength) return moved;
      const out = new ArrayBuffer(newLength);
      new Uint8Array(out).set(new Uint8Array(moved, 0, Math.min(newLength, moved.byteLength)));
      return out;
    },
    writable: true,
    configurable: true,
  });
}

// --- loading the lib files ----------------------------------------------------

// Uncaught errors reported by our EventTarget go through this shim, which
// does what Node's EventTarget does: throw from process.nextTick.
const shims = {
  // The runtime's reportUncaught reports at once (event_target.js calls it
  // from a tick): here that is a throw, which Node turns into an uncaught
  // exception.
  errors: {
    reportUncaught(err) {
      throw err;
    },
  },
  tasks: { nextTick: process.nextTick },
  timers,
  inspect: { inspect: util.inspect },
};

const host = {
  write(fd, string) {
    (fd === 2 ? process.stderr : process.stdout).write(string);
  },
  hrtime: () => Number(process.hrtime.bigint()),
  timeOrigin: globalThis.performance.timeOrigin,
  randomFill: (u8) => nodeCrypto.randomFillSync(u8),
};

const cache = new Map();
function load(name) {
  if (Object.prototype.hasOwnProperty.call(shims, name)) return shims[name];
  if (cache.has(name)) return cache.get(name);
  const exports = {};
  cache.set(name, exports);
  const source = fs.readFileSync(path.join(LIB, `${name}.js`), "utf8");
  // The runtime wraps each file as `(function (exports, require, host) { "use strict"; ... })`.
  const body = new Function("exports", "require", "host", `"use strict";\n${source}`);
  body(exports, load, host);
  return exports;
}

// Our implementation, under the names of Node's globals.
function loadMine() {
  const { DOMException } = load("dom_exception");
  const { Event, EventTarget, CustomEvent } = load("event_target");
  const { AbortController, AbortSignal } = load("abort");
  const { structuredClone } = load("structured_clone");
  const perf = load("performance");
  const { crypto, Crypto } = load("web_crypto");
  return {
    who: "mine",
    DOMException,
    Event,
    EventTarget,
    CustomEvent,
    AbortController,
    AbortSignal,
    structuredClone,
    performance: perf.performance,
    Performance: perf.Performance,
    PerformanceEntry: perf.PerformanceEntry,
    PerformanceMark: perf.PerformanceMark,
    PerformanceMeasure: perf.PerformanceMeasure,
    crypto,
    Crypto,
  };
}

// Node's own globals.
function loadRef() {
  return {
    who: "ref",
    DOMException,
    Event,
    EventTarget,
    CustomEvent,
    AbortController,
    AbortSignal,
    structuredClone,
    performance,
    Performance,
    PerformanceEntry,
    PerformanceMark,
    PerformanceMeasure,
    crypto: globalThis.crypto,
    Crypto: globalThis.Crypto,
  };
}

// --- describing values ---------------------------------------------------------

function protoName(proto) {
  if (proto === null) return "null";
  const desc = Object.getOwnPropertyDescriptor(proto, "constructor");
  if (desc && typeof desc.value === "function") return desc.value.name;
  return "?";
}

function isDOMExceptionLike(value) {
  return protoName(Object.getPrototypeOf(value)) === "DOMException";
}

function bufferBytes(buffer) {
  try {
    return Buffer.from(new Uint8Array(buffer)).toString("hex");
  } catch {
    return "<detached>";
  }
}

// Describe a value graph. Objects get an id on first sight and are
// referenced by it afterwards, so shared/circular structure is compared.
function shape(value, seen = new Map()) {
  if (value === null) return "null";
  switch (typeof value) {
    case "number":
      return Object.is(value, -0) ? "number:-0" : `number:${value}`;
    case "bigint":
      return `bigint:${value}`;
    case "string":
      return `string:${JSON.stringify(value)}`;
    case "boolean":
    case "undefined":
      return `${typeof value}:${value}`;
    case "symbol":
      return `symbol:${String(value.description)}`;
    case "function":
      return `function:${value.name}`;
    default:
      break;
  }
  if (seen.has(value)) return { ref: seen.get(value) };
  const id = seen.size;
  seen.set(value, id);
  const out = {
    id,
    proto: protoName(Object.getPrototypeOf(value)),
    tag: Object.prototype.toString.call(value),
  };
  const t = util.types;
  let skipIndices = false;
  const isError = t.isNativeError(value) || isDOMExceptionLike(value);
  if (t.isDate(value)) out.time = String(value.getTime());
  else if (t.isRegExp(value)) {
    out.source = value.source;
    out.flags = value.flags;
    out.lastIndex = value.lastIndex;
  } else if (t.isMap(value)) {
    out.entries = [...value].map(([k, v]) => [shape(k, seen), shape(v, seen)]);
  } else if (t.isSet(value)) {
    out.values = [...value].map((v) => shape(v, seen));
  } else if (t.isArrayBuffer(value)) {
    out.byteLength = value.byteLength;
    out.resizable = value.resizable;
    out.maxByteLength = value.maxByteLength;
    out.bytes = bufferBytes(value);
  } else if (t.isSharedArrayBuffer(value)) {
    out.byteLength = value.byteLength;
    out.bytes = bufferBytes(value);
  } else if (ArrayBuffer.isView(value)) {
    skipIndices = true;
    out.byteOffset = value.byteOffset;
    out.byteLength = value.byteLength;
    if (!t.isDataView(value)) out.length = value.length;
    out.buffer = shape(value.buffer, seen);
  } else if (t.isBoxedPrimitive(value)) {
    out.boxed = shape(value.valueOf(), seen);
    skipIndices = t.isStringObject(value);
  }
  if (isError) {
    out.name = value.name;
    out.message = value.message;
    if (isDOMExceptionLike(value)) out.code = value.code;
  }
  let keys = Object.getOwnPropertyNames(value);
  if (skipIndices) keys = keys.filter((k) => !/^\d+$/.test(k) && k !== "length");
  // Error stacks differ in content and in attributes between engines'
  // error objects; cases compare them explicitly where it matters.
  if (isError) keys = keys.filter((k) => k !== "stack").sort();
  out.props = keys.map((k) => {
    const d = Object.getOwnPropertyDescriptor(value, k);
    const v = "value" in d ? shape(d.value, seen) : "<accessor>";
    return [k, v, d.enumerable, d.writable === true, d.configurable];
  });
  out.symbols = Object.getOwnPropertySymbols(value).length;
  return out;
}

// An error as a comparable record.
function describeError(err, api) {
  if (err === null || typeof err !== "object") return { thrown: shape(err) };
  return {
    thrown: true,
    name: err.name,
    code: err.code,
    message: err.message,
    domException: api ? err instanceof api.DOMException : undefined,
    ctor: protoName(Object.getPrototypeOf(err)),
  };
}

// --- running cases ----------------------------------------------------------------

let current = null; // the running case's log, for process-level events

process.on("uncaughtException", (err) => {
  if (current) current.push(`uncaught ${err && err.name}: ${err && err.message}`);
  else throw err;
});
// Warnings are logged per case instead of printed (Node's default handler).
process.removeAllListeners("warning");
process.on("warning", (w) => {
  if (current && w.name !== "MaxListenersExceededWarning" && w.name !== "TimeoutOverflowWarning") {
    current.push(`warning ${w.name}: ${w.message}`);
  }
});

const settle = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

// Run one side of a case: its result (shaped, or the error) and its log.
async function runSide(testCase, api) {
  const log = [];
  current = log;
  let outcome;
  try {
    const value = await testCase.run(api, (...parts) => log.push(parts.map(String).join(" ")));
    outcome = { value: testCase.raw ? value : shape(value) };
  } catch (err) {
    outcome = { error: describeError(err, api) };
  }
  await settle();
  current = null;
  outcome.log = log;
  return outcome;
}

function show(text) {
  return text.length > 3000 ? `${text.slice(0, 3000)}...` : text;
}

// cases: [{ name, run(api, log), raw?, v22?: true, mine?: expected }]
//   raw    compare the returned value as is (it must be JSON-like)
//   v22    Node 20 differs from Node 22 here; under Node < 22 compare with
//          the Node 22 outcome recorded in web_node22_expected.json
//   mine   skip Node; compare with this outcome (a justified difference)
async function runCases(cases, { expected22, record }) {
  let passed = 0;
  let failed = 0;
  const names = new Set();
  for (const testCase of cases) {
    if (names.has(testCase.name)) throw new Error(`duplicate case name ${testCase.name}`);
    names.add(testCase.name);
    let want;
    if (testCase.mine !== undefined) {
      want = testCase.mine;
    } else if (testCase.v22 && NODE_MAJOR < 22) {
      want = expected22[testCase.name];
      if (want === undefined) {
        console.log(`MISSING Node 22 expectation for ${testCase.name}`);
        failed++;
        continue;
      }
    } else {
      want = await runSide(testCase, loadRef());
      if (testCase.v22 && record) record[testCase.name] = want;
    }
    const got = await runSide(testCase, loadMine());
    // A round trip through JSON makes recorded and live outcomes alike.
    // (Compared as JSON text: the shapes can be deeper than a recursive
    // comparison allows, and both sides are built the same way.)
    const a = JSON.stringify(want);
    const b = JSON.stringify(got);
    if (a === b) {
      passed++;
    } else {
      failed++;
      console.log(`MISMATCH ${testCase.name}\n  node: ${show(a)}\n  mine: ${show(b)}`);
    }
  }
  return { passed, failed };
}

module.exports = { load, loadMine, loadRef, shape, runCases, NODE_MAJOR, settle };
