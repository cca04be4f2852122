// AbortController / AbortSignal: shape, errors, abort event order, onabort,
// static abort/timeout/any.
"use strict";

const util = require("util");

function attrs(object, key) {
  const d = Object.getOwnPropertyDescriptor(object, key);
  if (!d) return "none";
  const kind = "value" in d ? (typeof d.value === "function" ? "method" : `value:${String(d.value)}`) : "accessor";
  return `${kind}${d.enumerable ? " E" : ""}${d.configurable ? " C" : ""}${d.writable ? " W" : ""}`;
}

function listing(object) {
  return Reflect.ownKeys(object)
    .filter((k) => typeof k === "string" || k === Symbol.toStringTag || k === Symbol.for("nodejs.util.inspect.custom"))
    .map((k) => `${String(k)}: ${attrs(object, k)}`);
}

// A reason as a comparable string.
function reason(r) {
  if (r !== null && typeof r === "object" && typeof r.name === "string") {
    return `${r.name}|${r.message}|${r.code}|${Object.getPrototypeOf(r).constructor.name}`;
  }
  return `${typeof r}:${String(r)}`;
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, run, ...extra });
const raw = (name, run, extra = {}) => cases.push({ name, run, raw: true, ...extra });

raw("AbortSignal prototype listing", (api) => listing(api.AbortSignal.prototype));
raw("AbortSignal constructor listing", (api) => listing(api.AbortSignal));
raw("AbortController prototype listing", (api) => listing(api.AbortController.prototype));
raw("abort shapes", (api) => {
  const ac = new api.AbortController();
  return [
    Object.getPrototypeOf(api.AbortSignal.prototype) === api.EventTarget.prototype,
    ac.signal instanceof api.EventTarget,
    ac.signal === ac.signal,
    Object.keys(ac), Object.keys(ac.signal),
    String(ac), String(ac.signal),
    api.AbortSignal.abort.length, api.AbortSignal.timeout.length, api.AbortSignal.any.length,
    api.AbortController.length, api.AbortController.prototype.abort.length,
    ac.signal.aborted, ac.signal.reason, ac.signal.onabort, ac.signal.throwIfAborted(),
    Object.getOwnPropertyDescriptor(api.AbortSignal.prototype, "onabort").get.name,
    Object.getOwnPropertyDescriptor(api.AbortSignal.prototype, "onabort").set.name,
  ];
});

add("new AbortSignal", (api) => new api.AbortSignal());
add("AbortController without new", (api) => api.AbortController());
for (const key of ["aborted", "reason"]) {
  add(`AbortSignal ${key} on foreign object`, (api) => Object.getOwnPropertyDescriptor(api.AbortSignal.prototype, key).get.call({}));
}
add("throwIfAborted on foreign object", (api) => api.AbortSignal.prototype.throwIfAborted.call({}));
add("onabort on foreign object", (api) => Object.getOwnPropertyDescriptor(api.AbortSignal.prototype, "onabort").get.call({}), { v22: true });
add("onabort setter on foreign object", (api) => Object.getOwnPropertyDescriptor(api.AbortSignal.prototype, "onabort").set.call({}, null), { v22: true });
// V8 and JSC word private-field errors differently; the type is what counts.
raw("AbortController members on foreign object", (api) => {
  const out = [];
  for (const f of [
    () => Object.getOwnPropertyDescriptor(api.AbortController.prototype, "signal").get.call({}),
    () => api.AbortController.prototype.abort.call({}),
  ]) {
    try { f(); out.push("ok"); } catch (e) { out.push(e.name); }
  }
  return out;
});

add("abort event order and state", (api, log) => {
  const ac = new api.AbortController();
  const s = ac.signal;
  s.addEventListener("abort", (e) => log("L1", e.isTrusted, e.type, e.target === s, s.aborted, e.cancelable, e.bubbles, e.eventPhase, reason(s.reason)));
  s.onabort = (e) => log("onabort1", e.type);
  s.addEventListener("abort", () => log("L3"));
  s.onabort = function () { log("onabort2", this === s); };
  ac.abort();
  log("aborted", s.aborted, reason(s.reason), s.reason.stack.includes("\n"));
  ac.abort("again");
  log("second abort ignored", reason(s.reason));
  try { s.throwIfAborted(); } catch (e) { log("throwIfAborted", reason(e), e === s.reason); }
});
add("abort reasons", (api, log) => {
  for (const r of [undefined, null, 0, "str", { x: 1 }]) {
    const ac = new api.AbortController();
    ac.abort(r);
    log(reason(ac.signal.reason), ac.signal.reason === r);
  }
  const e = new Error("mine");
  const ac = new api.AbortController();
  ac.abort(e);
  log(ac.signal.reason === e);
});
add("AbortSignal.abort", (api, log) => {
  const a = api.AbortSignal.abort();
  log(a.aborted, reason(a.reason));
  const b = api.AbortSignal.abort("why");
  log(b.aborted, reason(b.reason));
  const c = api.AbortSignal.abort(undefined);
  log(reason(c.reason));
  let fired = false;
  a.addEventListener("abort", () => { fired = true; });
  log("no event", fired);
});
add("onabort handler semantics", (api, log) => {
  const c1 = new api.AbortController();
  c1.signal.onabort = () => log("first handler");
  c1.signal.addEventListener("abort", () => log("listener after"));
  c1.signal.onabort = null;
  log("after null", c1.signal.onabort);
  c1.signal.onabort = () => log("second handler");
  c1.abort();
  const c2 = new api.AbortController();
  c2.signal.onabort = 5;
  log("non-function kept", c2.signal.onabort);
  const o = { handleEvent() { log("object handler called"); } };
  c2.signal.onabort = o;
  log("object kept", c2.signal.onabort === o);
  c2.abort();
  const c3 = new api.AbortController();
  c3.signal.onabort = () => { log("h returns false"); return false; };
  c3.signal.addEventListener("abort", (e) => log("defaultPrevented", e.defaultPrevented));
  c3.abort();
});
add("abort listener errors", async (api, log) => {
  const c = new api.AbortController();
  c.signal.addEventListener("abort", () => { throw new Error("in abort"); });
  c.signal.onabort = () => Promise.reject(new Error("handler rejection"));
  c.signal.addEventListener("abort", () => log("still runs"));
  c.abort();
  log("after abort");
});
add("abort listener once and removal", (api, log) => {
  const c = new api.AbortController();
  const f = () => log("f");
  c.signal.addEventListener("abort", f, { once: true });
  c.signal.addEventListener("abort", () => log("g"));
  c.signal.removeEventListener("abort", f);
  c.abort();
});
add("abort during abort", (api, log) => {
  const a = new api.AbortController();
  const b = new api.AbortController();
  a.signal.addEventListener("abort", () => { log("a fires"); b.abort("from a"); a.abort("again"); });
  b.signal.addEventListener("abort", () => { log("b fires", reason(b.signal.reason)); a.abort("late"); });
  a.abort("first");
  log(reason(a.signal.reason), reason(b.signal.reason));
});

// --- timeout ---------------------------------------------------------------------------

for (const [label, delay] of Object.entries({
  missing: undefined, negative: -1, string: "1", fraction: 1.5, "2**32": 2 ** 32, "2**33": 2 ** 33,
  NaN: NaN, "-Infinity": -Infinity, "-2**33": -(2 ** 33), "1e21": 1e21, bigint: 1n, null: null,
})) {
  add(`AbortSignal.timeout ${label}`, (api) => (delay === undefined ? api.AbortSignal.timeout() : api.AbortSignal.timeout(delay)));
}
add("AbortSignal.timeout fires", async (api, log) => {
  const s = api.AbortSignal.timeout(5);
  log("initially", s.aborted);
  s.onabort = (e) => log("fired", e.isTrusted, reason(s.reason));
  s.addEventListener("abort", () => log("listener"));
  await wait(60);
  log("after", s.aborted);
});
add("AbortSignal.timeout 0", async (api, log) => {
  const s = api.AbortSignal.timeout(0);
  log(s.aborted);
  await wait(30);
  log(s.aborted, reason(s.reason));
});
add("AbortSignal.timeout does not keep the process alive", (api, log) => {
  // A child that only waits on a long timeout signal must exit at once.
  const { execFileSync } = require("child_process");
  const loader = api.who === "ref" ? "loadRef" : "loadMine";
  const code = `const api = require(${JSON.stringify(require.resolve("./web_harness.js"))}).${loader}();
    const s = api.AbortSignal.timeout(60000);
    s.addEventListener("abort", () => console.log("fired"));
    console.log("armed");`;
  const started = Date.now();
  const out = execFileSync(process.execPath, ["-e", code], { encoding: "utf8", timeout: 30000 });
  log(out.trim(), Date.now() - started < 20000);
});

// --- any -------------------------------------------------------------------------------

for (const [label, arg] of Object.entries({
  missing: undefined, number: 1, string: "ab", "array of number": [1], "array with object": [{}], "array with null": [null],
})) {
  add(`AbortSignal.any ${label}`, (api) => api.AbortSignal.any(arg), { v22: true });
}
raw("AbortSignal.any empty", (api) => [api.AbortSignal.any([]).aborted, api.AbortSignal.any([]) instanceof api.AbortSignal]);
raw("AbortSignal.any already aborted", (api) => {
  const a = api.AbortSignal.any([new api.AbortController().signal, api.AbortSignal.abort("r1"), api.AbortSignal.abort("r2")]);
  return [a.aborted, a.reason];
});
raw("AbortSignal.any look-alike aborted", (api) => {
  const s = api.AbortSignal.any([{ aborted: true, reason: 5 }]);
  return [s.aborted, s.reason];
});
raw("AbortSignal.any with a Set", (api) => {
  const s = api.AbortSignal.any(new Set([api.AbortSignal.abort(7)]));
  return [s.aborted, s.reason];
}, { v22: true });
add("AbortSignal.any event order", (api, log) => {
  const c1 = new api.AbortController();
  const c2 = new api.AbortController();
  const a = api.AbortSignal.any([c1.signal, c2.signal]);
  const b = api.AbortSignal.any([a, c2.signal]);
  c1.signal.addEventListener("abort", () => log("c1 abort", a.aborted, b.aborted, a.reason, b.reason));
  a.addEventListener("abort", (e) => log("a abort", b.aborted, e.isTrusted));
  b.addEventListener("abort", () => log("b abort"));
  c1.signal.addEventListener("abort", () => log("c1 abort 2"));
  c1.abort("why");
  c2.abort("no");
  log(a.reason, b.reason, c2.signal.reason);
}, { v22: true });
add("AbortSignal.any dependents in creation order", (api, log) => {
  const c = new api.AbortController();
  const x = api.AbortSignal.any([c.signal]);
  const y = api.AbortSignal.any([c.signal, c.signal]);
  const z = api.AbortSignal.any([x, y]);
  for (const [n, s] of [["z", z], ["y", y], ["x", x]]) s.addEventListener("abort", () => log(n, reason(s.reason)));
  c.abort();
});
add("AbortSignal.any of timeout", async (api, log) => {
  const s = api.AbortSignal.any([api.AbortSignal.timeout(5), new api.AbortController().signal]);
  s.onabort = () => log("fired", reason(s.reason));
  await wait(60);
  log(s.aborted);
});
add("AbortSignal.any source aborted later does not affect aborted result", (api, log) => {
  const c = new api.AbortController();
  const s = api.AbortSignal.any([api.AbortSignal.abort("first"), c.signal]);
  s.addEventListener("abort", () => log("should not fire"));
  c.abort("second");
  log(s.reason);
});

// --- inspect ---------------------------------------------------------------------------

raw("inspect AbortController", (api) => util.inspect(new api.AbortController()));
raw("inspect AbortSignal", (api) => [util.inspect(new api.AbortController().signal), util.inspect(api.AbortSignal.abort())]);
raw("inspect abort depths", (api) => [
  util.inspect(new api.AbortController(), { depth: 0 }),
  util.inspect(new api.AbortController().signal, { depth: -1 }),
  util.inspect([new api.AbortController()], { depth: 0 }),
  util.inspect({ a: { b: new api.AbortController() } }, { depth: 1 }),
]);
raw("inspect abort colors", (api) => [
  util.inspect(new api.AbortController(), { colors: true }),
  util.inspect({ a: { b: new api.AbortController() } }, { depth: 1, colors: true }),
]);

module.exports = cases;
