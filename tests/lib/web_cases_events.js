// Event, CustomEvent and EventTarget: properties, argument errors, dispatch
// order logs, listener options, uncaught errors, inspect output.
"use strict";

const util = require("util");

function attrs(object, key) {
  const d = Object.getOwnPropertyDescriptor(object, key);
  if (!d) return "none";
  const kind = "value" in d ? (typeof d.value === "function" ? "method" : `value:${String(d.value)}`) : "accessor";
  return `${kind}${d.enumerable ? " E" : ""}${d.configurable ? " C" : ""}${d.writable ? " W" : ""}`;
}

// Own string keys (and the tag) with attributes, in order.
function listing(object) {
  return Reflect.ownKeys(object)
    .filter((k) => typeof k === "string" || k === Symbol.toStringTag || k === Symbol.for("nodejs.util.inspect.custom"))
    .map((k) => `${String(k)}: ${attrs(object, k)}`);
}

// Event state without the clock.
function eventState(e) {
  return {
    type: e.type,
    bubbles: e.bubbles,
    cancelable: e.cancelable,
    composed: e.composed,
    defaultPrevented: e.defaultPrevented,
    returnValue: e.returnValue,
    cancelBubble: e.cancelBubble,
    eventPhase: e.eventPhase,
    isTrusted: e.isTrusted,
    target: e.target,
    currentTarget: e.currentTarget,
    srcElement: e.srcElement,
    composedPath: e.composedPath(),
    timeStampType: typeof e.timeStamp,
  };
}

const noTime = (text) => text.replace(/timeStamp: (\x1b\[\d+m)?[\d.e+-]+/g, "timeStamp: N");

const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, run, ...extra });
const raw = (name, run, extra = {}) => cases.push({ name, run, raw: true, ...extra });

// --- shape of the classes -------------------------------------------------------

raw("Event prototype listing", (api) => listing(api.Event.prototype), { v22: true });
raw("Event constructor listing", (api) => listing(api.Event));
raw("CustomEvent prototype listing", (api) => listing(api.CustomEvent.prototype));
raw("EventTarget prototype listing", (api) => listing(api.EventTarget.prototype));
raw("Event instance own keys", (api) => [Reflect.ownKeys(new api.Event("x")).filter((k) => typeof k === "string"), Object.keys(new api.Event("x"))], { v22: true });
raw("function lengths", (api) => [
  api.Event.length, api.EventTarget.length, api.CustomEvent.length,
  api.EventTarget.prototype.addEventListener.length,
  api.EventTarget.prototype.removeEventListener.length,
  api.EventTarget.prototype.dispatchEvent.length,
  api.Event.prototype.initEvent.length,
]);
raw("prototype chains", (api) => [
  Object.getPrototypeOf(api.CustomEvent.prototype) === api.Event.prototype,
  Object.getPrototypeOf(api.CustomEvent) === api.Event,
  Object.getPrototypeOf(api.EventTarget.prototype) === Object.prototype,
  String(new api.Event("x")), String(new api.EventTarget()), String(new api.CustomEvent("x")),
]);
raw("JSON and clone of an Event", (api) => [JSON.stringify(new api.Event("x")), Object.keys(structuredClone(new api.Event("x")))]);

// --- construction ------------------------------------------------------------------

const eventInits = {
  "no options": [],
  "undefined options": [undefined],
  "null options": [null],
  "all true": [{ bubbles: 1, cancelable: "y", composed: {} }],
  "inherited options": [Object.create({ bubbles: true, cancelable: true })],
};
for (const [label, rest] of Object.entries(eventInits)) {
  raw(`new Event ${label}`, (api) => eventState(new api.Event("t", ...rest)));
}
raw("Event type coercion", (api) => [new api.Event(5).type, new api.Event(undefined).type, new api.Event(null).type, new api.Event({ toString: () => "obj" }).type]);
add("Event without type", (api) => new api.Event());
add("Event symbol type", (api) => new api.Event(Symbol("s")));
add("Event symbol type and bad options", (api) => new api.Event(Symbol("s"), 1));
for (const [label, bad] of Object.entries({
  number: 1, string: "abc", "long string": "a".repeat(40), "quote string": "it's", "newline string": "a\nb",
  "both quotes": `it's "x"`, bigint: 5n, symbol: Symbol("q"), true: true, "-0": -0, NaN: NaN,
  array: [], function: () => {}, "named function": function named() {},
})) {
  add(`Event options ${label}`, (api) => new api.Event("x", bad));
}
add("Event called without new", (api) => api.Event("x"));
raw("Event options getter order", (api) => {
  const order = [];
  const opts = {};
  for (const k of ["bubbles", "cancelable", "composed", "detail"]) {
    Object.defineProperty(opts, k, { get() { order.push(k); return true; } });
  }
  new api.CustomEvent("q", opts);
  return order;
});
raw("CustomEvent detail", (api) => [
  new api.CustomEvent("x").detail,
  new api.CustomEvent("x", { detail: 0 }).detail,
  new api.CustomEvent("x", { detail: null }).detail,
  new api.CustomEvent("x", { detail: { a: 1 } }).detail,
]);
add("CustomEvent without type", (api) => new api.CustomEvent());
add("CustomEvent bad options", (api) => new api.CustomEvent("x", 5));
add("CustomEvent detail on Event", (api) => Object.getOwnPropertyDescriptor(api.CustomEvent.prototype, "detail").get.call(new api.Event("x")));

// --- brand checks --------------------------------------------------------------------

for (const key of ["type", "target", "currentTarget", "srcElement", "eventPhase", "bubbles", "cancelable",
  "composed", "defaultPrevented", "timeStamp", "returnValue", "cancelBubble", "isTrusted"]) {
  add(`Event ${key} getter on foreign object`, (api) => Object.getOwnPropertyDescriptor(api.Event.prototype, key).get.call({}));
}
for (const key of ["preventDefault", "stopPropagation", "stopImmediatePropagation", "composedPath"]) {
  add(`Event ${key} on foreign object`, (api) => api.Event.prototype[key].call({}, "x"));
}
// Node fails on a private field here (V8's wording); only the type is compared.
raw("Event initEvent on foreign object", (api) => {
  const out = [];
  try { api.Event.prototype.initEvent.call({}); } catch (e) { out.push(e.name, e.code); }
  try { api.Event.prototype.initEvent.call({}, "x"); } catch (e) { out.push(e.name); }
  return out;
});
for (const key of ["addEventListener", "removeEventListener", "dispatchEvent"]) {
  add(`EventTarget ${key} on foreign object`, (api) => api.EventTarget.prototype[key].call({}, "x", () => {}), { v22: true });
}
add("Event inspect on foreign object", (api) => api.Event.prototype[Symbol.for("nodejs.util.inspect.custom")].call({}, 1, {}));

// --- event flags -----------------------------------------------------------------------

raw("preventDefault on non-cancelable", (api) => {
  const e = new api.Event("x");
  e.preventDefault();
  return eventState(e);
});
raw("preventDefault on cancelable", (api) => {
  const e = new api.Event("x", { cancelable: true });
  e.preventDefault();
  return eventState(e);
});
raw("returnValue = false", (api) => {
  const e = new api.Event("x", { cancelable: true });
  e.returnValue = false;
  return eventState(e);
}, { v22: true });
raw("cancelBubble = true", (api) => {
  const e = new api.Event("x");
  e.cancelBubble = true;
  const a = e.cancelBubble;
  e.cancelBubble = false;
  return [a, e.cancelBubble];
});
raw("stopPropagation sets cancelBubble", (api) => {
  const e = new api.Event("x");
  e.stopPropagation();
  return eventState(e);
});
raw("stopImmediatePropagation sets cancelBubble", (api) => {
  const e = new api.Event("x");
  e.stopImmediatePropagation();
  return eventState(e);
});
raw("initEvent", (api) => {
  const e = new api.Event("a");
  e.initEvent("b", true, true);
  const s1 = eventState(e);
  e.initEvent("c");
  return [s1, eventState(e)];
});
add("initEvent without args", (api) => new api.Event("a").initEvent());
raw("timeStamp is near performance.now()", (api) => {
  const before = api.performance.now();
  const t = new api.Event("x").timeStamp;
  const after = api.performance.now();
  return before <= t && t <= after;
});
raw("timeStamp is near Node's clock", (api) => Math.abs(new api.Event("x").timeStamp - performance.now()) < 5);

// --- addEventListener / removeEventListener arguments -------------------------------

const listenerArgs = {
  "no args": [],
  "type only": ["x"],
  "null listener": ["x", null],
  "undefined listener": ["x", undefined],
  "number listener": ["x", 1],
  "string listener": ["x", "str"],
  "object listener": ["x", {}],
  "number options": ["x", () => {}, 1],
  "string options": ["x", () => {}, "a"],
  "function options": ["x", () => {}, () => {}],
  "null options": ["x", () => {}, null],
  "array options": ["x", () => {}, []],
  "bad signal number": ["x", () => {}, { signal: 1 }],
  "bad signal null": ["x", () => {}, { signal: null }],
  "bad signal object": ["x", () => {}, { signal: {} }],
  "symbol type": [Symbol("s"), () => {}],
  "symbol type bad listener": [Symbol("s"), 1],
  "bad listener bad signal": ["x", 1, { signal: 1 }],
  "symbol type bad signal": [Symbol("s"), () => {}, { signal: 1 }],
  "symbol type null listener": [Symbol("s"), null],
};
for (const [label, args] of Object.entries(listenerArgs)) {
  add(`addEventListener ${label}`, (api) => new api.EventTarget().addEventListener(...args));
  add(`removeEventListener ${label}`, (api) => new api.EventTarget().removeEventListener(...args));
}
add("dispatchEvent no args", (api) => new api.EventTarget().dispatchEvent());
for (const [label, arg] of Object.entries({
  object: { type: "x" }, string: "x", null: null, "null prototype": Object.create(null),
  function: function foo() {}, "class instance": new (class Zed {})(), array: [], "anonymous class": new (class {})(),
})) {
  add(`dispatchEvent ${label}`, (api) => new api.EventTarget().dispatchEvent(arg));
}
raw("addEventListener options getter order", (api) => {
  const order = [];
  const opts = {};
  for (const k of ["capture", "once", "passive", "signal"]) {
    Object.defineProperty(opts, k, { get() { order.push(k); return undefined; } });
  }
  const et = new api.EventTarget();
  et.addEventListener("o", () => {}, opts);
  et.removeEventListener("o", () => {}, opts);
  return order;
});
raw("handleEvent getter reads", (api) => {
  let n = 0;
  const et = new api.EventTarget();
  et.addEventListener("h", { get handleEvent() { n++; return () => {}; } });
  const afterAdd = n;
  et.dispatchEvent(new api.Event("h"));
  return [afterAdd, n];
});

// --- dispatch ---------------------------------------------------------------------------

add("dispatch state and this", (api, log) => {
  const et = new api.EventTarget();
  const ev = new api.Event("foo", { cancelable: true });
  et.addEventListener("foo", function (e) {
    log("L1", this === et, e === ev, JSON.stringify(eventState(e), (k, v) => (v === et ? "<et>" : v)));
  });
  et.addEventListener("foo", function (e) {
    log("L2", this === et, JSON.stringify(eventState(e), (k, v) => (v === et ? "<et>" : v)));
  });
  et.addEventListener("foo", { handleEvent(e) { log("L3", this !== et, e.eventPhase, e.currentTarget === et); } });
  const r = et.dispatchEvent(ev);
  log("after", r, ev.eventPhase, ev.target === et, ev.currentTarget, ev.composedPath().length);
  log("again", et.dispatchEvent(ev));
});
add("dispatch with no listeners sets target", (api, log) => {
  const et = new api.EventTarget();
  const e = new api.Event("none");
  log(et.dispatchEvent(e), e.target === et, e.eventPhase);
});
add("dispatch return value", (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener("c", (e) => e.preventDefault());
  log(et.dispatchEvent(new api.Event("c")), et.dispatchEvent(new api.Event("c", { cancelable: true })));
});
add("duplicates and capture", (api, log) => {
  const et = new api.EventTarget();
  const f = () => log("f");
  et.addEventListener("a", f);
  et.addEventListener("a", f);
  et.addEventListener("a", f, true);
  et.addEventListener("a", f, { capture: true, once: true });
  et.dispatchEvent(new api.Event("a"));
  log("--");
  et.dispatchEvent(new api.Event("a"));
});
add("removal and addition during dispatch", (api, log) => {
  const et = new api.EventTarget();
  const l2 = () => log("l2");
  const l3 = () => log("l3");
  et.addEventListener("a", () => {
    log("l1");
    et.removeEventListener("a", l2);
    et.addEventListener("a", () => log("new"));
  });
  et.addEventListener("a", l2);
  et.addEventListener("a", l3);
  et.dispatchEvent(new api.Event("a"));
  log("--");
  et.dispatchEvent(new api.Event("a"));
});
add("last listener adds one", (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener("z", () => {
    log("z1");
    et.addEventListener("z", () => log("z-added"));
  });
  et.dispatchEvent(new api.Event("z"));
  log("--");
  et.dispatchEvent(new api.Event("z"));
});
add("listener removes itself and the next", (api, log) => {
  const et = new api.EventTarget();
  const a = () => { log("a"); et.removeEventListener("x", a); et.removeEventListener("x", b); };
  const b = () => log("b");
  const c = () => log("c");
  et.addEventListener("x", a);
  et.addEventListener("x", b);
  et.addEventListener("x", c);
  et.dispatchEvent(new api.Event("x"));
  log("--");
  et.dispatchEvent(new api.Event("x"));
});
add("remove all then add during dispatch", (api, log) => {
  const et = new api.EventTarget();
  const a = () => { log("a"); et.removeEventListener("x", a); et.removeEventListener("x", b); et.addEventListener("x", () => log("fresh")); };
  const b = () => log("b");
  et.addEventListener("x", a);
  et.addEventListener("x", b);
  et.dispatchEvent(new api.Event("x"));
  log("--");
  et.dispatchEvent(new api.Event("x"));
});
add("stopImmediatePropagation", (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener("a", (e) => { log("s1"); e.stopImmediatePropagation(); e.preventDefault(); });
  et.addEventListener("a", () => log("s2"));
  const ev = new api.Event("a", { cancelable: true });
  log(et.dispatchEvent(ev), ev.defaultPrevented, ev.cancelBubble);
  log("redispatch", et.dispatchEvent(ev));
  const pre = new api.Event("b");
  pre.stopImmediatePropagation();
  et.addEventListener("b", () => log("b called"));
  log("pre-stopped", et.dispatchEvent(pre));
});
add("stopPropagation does not stop same target", (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener("c", (e) => { log("c1"); e.stopPropagation(); });
  et.addEventListener("c", () => log("c2"));
  et.dispatchEvent(new api.Event("c"));
});
add("passive listener preventDefault", (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener("b", (e) => { e.preventDefault(); log("in passive", e.defaultPrevented, e.returnValue); }, { passive: true });
  et.addEventListener("b", (e) => { log("next", e.defaultPrevented); e.preventDefault(); log("after", e.defaultPrevented); });
  const eb = new api.Event("b", { cancelable: true });
  log(et.dispatchEvent(eb), eb.defaultPrevented);
}, { v22: true });
add("recursive dispatch", (api, log) => {
  const et = new api.EventTarget();
  let depth = 0;
  et.addEventListener("r", (e) => {
    log("first", e.eventPhase);
    try { et.dispatchEvent(e); } catch (err) { log(err.name, err.code, err.message); }
  });
  et.addEventListener("r", (e) => {
    log("second", e.eventPhase);
    if (depth++ === 0) {
      try { log("nested", et.dispatchEvent(e)); } catch (err) { log(err.name, err.code, err.message); }
    }
  });
  et.dispatchEvent(new api.Event("r"));
});
add("throwing listener keeps dispatch state", (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener("t", () => { throw new Error("first"); });
  et.addEventListener("t", (e) => log("second sees", e.eventPhase));
  et.addEventListener("t", (e) => log("third sees", e.eventPhase));
  et.dispatchEvent(new api.Event("t"));
});
add("listener errors are reported", async (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener("e", () => { throw new Error("boom1"); });
  et.addEventListener("e", () => { log("after boom"); return Promise.reject(new Error("rej")); });
  et.addEventListener("e", { handleEvent: 5 });
  et.addEventListener("e", {});
  et.addEventListener("e", { handleEvent: null });
  et.addEventListener("e", { handleEvent() { throw new TypeError("from handleEvent"); } });
  et.addEventListener("e", () => ({ then: "not callable" }));
  et.addEventListener("e", () => log("last"));
  log("dispatch", et.dispatchEvent(new api.Event("e")));
  log("sync after");
});
add("once listeners", (api, log) => {
  const et = new api.EventTarget();
  const f = () => log("once f");
  et.addEventListener("o", f, { once: true });
  et.removeEventListener("o", f);
  et.dispatchEvent(new api.Event("o"));
  et.addEventListener("o", f, { once: true, capture: true });
  et.removeEventListener("o", f);
  et.dispatchEvent(new api.Event("o"));
  et.dispatchEvent(new api.Event("o"));
  et.addEventListener("o", f, { once: true });
  let nested = 0;
  et.addEventListener("o", () => { log("second"); if (nested++ < 2) et.dispatchEvent(new api.Event("o")); });
  et.dispatchEvent(new api.Event("o"));
});
add("removeEventListener capture forms", (api, log) => {
  const et = new api.EventTarget();
  const f = () => log("cap listener");
  et.addEventListener("r", f, true);
  et.removeEventListener("r", f, 1);
  et.dispatchEvent(new api.Event("r"));
  et.removeEventListener("r", f, { capture: 1 });
  et.dispatchEvent(new api.Event("r"));
  et.removeEventListener("r", f, true);
  et.dispatchEvent(new api.Event("r"));
  et.removeEventListener("r", f, { capture: true });
  et.dispatchEvent(new api.Event("r"));
  const g = () => log("g");
  et.addEventListener("g", g, { capture: true });
  et.removeEventListener("g", g, false);
  et.dispatchEvent(new api.Event("g"));
});
add("handleEvent resolution", (api, log) => {
  const et = new api.EventTarget();
  const o = {};
  et.addEventListener("h", o);
  o.handleEvent = function () { log("late handleEvent", this === o); };
  et.dispatchEvent(new api.Event("h"));
  const fn = function () { log("fn called"); };
  fn.handleEvent = () => log("fn.handleEvent");
  et.addEventListener("h2", fn);
  et.dispatchEvent(new api.Event("h2"));
  et.removeEventListener("h", o);
  et.dispatchEvent(new api.Event("h"));
});
add("initEvent during dispatch", (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener("c", (e) => { e.initEvent("zz"); log("first", e.type); });
  et.addEventListener("c", (e) => { e.initEvent("yy"); log("second", e.type); });
  const e = new api.Event("c");
  et.dispatchEvent(e);
  log("after", e.type);
});
add("event types are strings", (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener(1, () => log("one"));
  et.dispatchEvent(new api.Event("1"));
  et.removeEventListener("1", () => {});
  et.addEventListener(null, () => log("null"));
  et.dispatchEvent(new api.Event(null));
});
add("null listener warning", async (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener("x", null);
  et.addEventListener("x", undefined);
});
add("CustomEvent dispatch", (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener("c", (e) => log(e.type, JSON.stringify(e.detail), e instanceof api.Event));
  et.dispatchEvent(new api.CustomEvent("c", { detail: { n: 1 } }));
});
add("subclassed EventTarget", (api, log) => {
  class Emitter extends api.EventTarget {
    fire(type) { return this.dispatchEvent(new api.Event(type)); }
  }
  const e = new Emitter();
  e.addEventListener("x", function () { log("this is emitter", this === e); });
  log(e.fire("x"));
});

// --- signal option ---------------------------------------------------------------------

add("signal removes listener", (api, log) => {
  const et = new api.EventTarget();
  const ac = new api.AbortController();
  et.addEventListener("s", () => log("sig listener"), { signal: ac.signal });
  et.dispatchEvent(new api.Event("s"));
  ac.abort();
  et.dispatchEvent(new api.Event("s"));
  et.addEventListener("s", () => log("added after abort"), { signal: ac.signal });
  et.dispatchEvent(new api.Event("s"));
  log("done");
});
add("signal removal resists stopImmediatePropagation", (api, log) => {
  const et = new api.EventTarget();
  const ac = new api.AbortController();
  ac.signal.addEventListener("abort", (e) => { log("first abort listener"); e.stopImmediatePropagation(); });
  et.addEventListener("s", () => log("bound listener"), { signal: ac.signal });
  ac.signal.addEventListener("abort", () => log("late abort listener"));
  ac.abort();
  et.dispatchEvent(new api.Event("s"));
});
add("signal with duplicate listener", (api, log) => {
  const et = new api.EventTarget();
  const ac = new api.AbortController();
  const f = () => log("f");
  et.addEventListener("d", f);
  et.addEventListener("d", f, { signal: ac.signal });
  ac.abort();
  et.dispatchEvent(new api.Event("d"));
});
add("signal look-alike objects", (api, log) => {
  const et = new api.EventTarget();
  et.addEventListener("x", () => log("aborted look-alike"), { signal: { aborted: true } });
  et.addEventListener("x", () => log("live look-alike"), {
    signal: { aborted: false, addEventListener(t, f, o) { log("duck add", t, typeof f, Object.keys(o), o.once); } },
  });
  et.dispatchEvent(new api.Event("x"));
  try {
    et.addEventListener("x", () => {}, { signal: { aborted: false } });
  } catch (err) {
    log(err.name);
  }
});

// --- inspect ---------------------------------------------------------------------------

raw("inspect Event", (api) => noTime(util.inspect(new api.Event("x"))));
raw("inspect Event colors", (api) => noTime(util.inspect(new api.Event("x"), { colors: true })));
raw("inspect Event in array", (api) => noTime(util.inspect([new api.Event("x")])));
raw("inspect Event depth -1", (api) => util.inspect(new api.Event("x"), { depth: -1 }));
raw("inspect Event nested depth 0", (api) => util.inspect({ a: { b: new api.Event("x") } }, { depth: 0 }));
raw("inspect Event nested depth 1", (api) => util.inspect({ a: { b: new api.Event("x") } }, { depth: 1 }));
raw("inspect CustomEvent", (api) => noTime(util.inspect(new api.CustomEvent("c", { detail: { a: 1 } }))));
raw("inspect Event subclass", (api) => noTime(util.inspect(new (class Bar extends api.Event {})("bar"))));
raw("inspect EventTarget", (api) => [util.inspect(new api.EventTarget()), util.inspect([new api.EventTarget()])]);
raw("inspect EventTarget subclass", (api) => util.inspect(new (class Foo extends api.EventTarget {})()));
raw("inspect EventTarget depths", (api) => [util.inspect(new api.EventTarget(), { depth: -1 }), util.inspect({ a: new api.EventTarget() }, { depth: 0 })]);
raw("inspect EventTarget with listeners", (api) => {
  const et = new api.EventTarget();
  et.addEventListener("x", () => {});
  return util.inspect(et, { showHidden: false });
});

module.exports = cases;
