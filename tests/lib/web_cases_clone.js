// structuredClone: results compared by shape (types, prototypes, own
// properties and their attributes, internal state, shared references),
// errors by name/code/message.
"use strict";

const util = require("util");

const cases = [];

// Clone what make() builds (built afresh for each side, since transfer
// detaches the input).
function clone(name, make, extra = {}) {
  cases.push({ name: `clone ${name}`, run: (api) => api.structuredClone(make(api)), ...extra });
}

// --- primitives and simple built-ins ----------------------------------------------

clone("primitives", () => [1, -0, 0, NaN, Infinity, -Infinity, "str", "", true, false, null, undefined, 10n, -(2n ** 70n)]);
clone("top-level -0", () => -0);
clone("top-level undefined", () => undefined);
clone("top-level string", () => "héllo \u{1F600}");
clone("boxed primitives", () => {
  const s = new String("ab");
  s.x = 1;
  return [s, new Number(-0), new Number(NaN), new Boolean(false), Object(10n), new String("")];
});
clone("dates", () => {
  const d = new Date(5);
  d.x = 1;
  return [d, new Date(NaN), new Date(8.64e15)];
});
clone("regexps", () => {
  const r = /a(b)/dgimsuy;
  r.lastIndex = 3;
  r.x = 1;
  return [r, /[a]/v, /x/, new RegExp("\\/", "g")];
});
clone("math and json objects", () => [Math, JSON, Reflect]);

// --- buffers and views -------------------------------------------------------------------

clone("array buffer", () => new Uint8Array([1, 2, 3, 250]).buffer);
clone("empty array buffer", () => new ArrayBuffer(0));
clone("resizable array buffer", () => {
  const b = new ArrayBuffer(2, { maxByteLength: 8 });
  new Uint8Array(b)[1] = 9;
  return b;
});
clone("typed arrays", () => [
  new Int8Array([-1, 2]), new Uint8Array([1, 2]), new Uint8ClampedArray([300]), new Int16Array([-3]),
  new Uint16Array([3]), new Int32Array([-4]), new Uint32Array([4]), new Float32Array([1.5]),
  new Float64Array([NaN, -0]), new BigInt64Array([-1n]), new BigUint64Array([2n ** 63n]),
]);
clone("views sharing a buffer", () => {
  const b = new ArrayBuffer(16);
  new Uint8Array(b).set([1, 2, 3, 4, 5, 6, 7, 8]);
  return { x: new Uint8Array(b, 2, 3), y: new Float32Array(b, 4, 1), b, d: new DataView(b, 1, 6), d2: new DataView(b) };
});
clone("view without its buffer", () => new Uint16Array(new ArrayBuffer(16), 4, 3));
clone("typed array extra properties", () => {
  const u = new Uint8Array(2);
  u.foo = 1;
  return u;
});
clone("length-tracking view", () => {
  const b = new ArrayBuffer(4, { maxByteLength: 8 });
  return [new Uint8Array(b), new Uint16Array(b, 2), new DataView(b, 1)];
});
clone("fixed view on resizable buffer", () => {
  const b = new ArrayBuffer(4, { maxByteLength: 8 });
  return [new Uint8Array(b, 0, 2), new Uint8Array(b, 0, 4), new DataView(b, 0, 4)];
});
cases.push({
  name: "clone length-tracking view follows resize",
  raw: true,
  run: (api) => {
    const b = new ArrayBuffer(4, { maxByteLength: 8 });
    const src = [new Uint8Array(b), new Uint8Array(b, 0, 4), new DataView(b)];
    const c = api.structuredClone(src);
    c[0].buffer.resize(8);
    return [c[0].length, c[1].length, c[2].byteLength, b.byteLength, src[0].length];
  },
});
clone("full-size resizable buffer view", () => {
  const b = new ArrayBuffer(4, { maxByteLength: 4 });
  return new Uint8Array(b);
});
clone("detached buffer", () => {
  const b = new ArrayBuffer(1);
  structuredClone(b, { transfer: [b] });
  return b;
});
clone("view of detached buffer", () => {
  const b = new ArrayBuffer(4);
  const u = new Uint8Array(b);
  structuredClone(b, { transfer: [b] });
  return u;
});

// --- collections ---------------------------------------------------------------------

clone("map", () => {
  const k = { k: 1 };
  const m = new Map([[k, k], [1, "a"], ["1", [k]], [NaN, -0]]);
  m.x = 1;
  return m;
});
clone("set", () => {
  const o = { a: 1 };
  return new Set([1, o, [o], "1", NaN]);
});
clone("nested map in set", () => {
  const o = {};
  return new Set([o, new Map([[o, o]])]);
});
clone("map grown by a getter", () => {
  const m = new Map();
  m.set(1, { get a() { m.set(2, 2); return 1; } });
  return m;
});
clone("set grown by a getter", () => {
  const s = new Set();
  s.add({ get a() { s.add("late"); return 1; } });
  return s;
});
clone("map and set subclasses", () => {
  class M extends Map {}
  class S extends Set {}
  class A extends Array {}
  return [new M([[1, 2]]), new S([3]), A.from([1, 2])];
});

// --- errors ----------------------------------------------------------------------------

clone("error types", () => [
  new Error("e"), new EvalError("ev"), new RangeError("r"), new ReferenceError("rf"),
  new SyntaxError("s"), new TypeError("t"), new URIError("u"),
]);
clone("error with extras", () => {
  const e = new TypeError("m", { cause: { x: 1 } });
  e.extra = 1;
  e.code = "X";
  return e;
});
clone("aggregate error", () => new AggregateError([1], "agg"));
clone("error with custom names", () => {
  const a = new Error("m");
  a.name = "RangeError";
  const b = new Error("m");
  b.name = "Foo";
  const c = new Error("m");
  c.name = { toString: () => "TypeError" };
  const d = new Error("m");
  Object.defineProperty(d, "name", { get: () => "URIError" });
  return [a, b, c, d];
});
clone("error subclasses", () => {
  class MyErr extends RangeError {}
  class Named extends TypeError {
    constructor() { super("n"); this.name = "Named"; }
  }
  return [new MyErr("m"), new Named()];
});
clone("error messages", () => {
  const a = new Error();
  const b = new Error();
  Object.defineProperty(b, "message", { get: () => "g" });
  const c = new Error();
  c.message = 5;
  const d = new Error("x", { cause: undefined });
  const e = new Error("x");
  Object.defineProperty(e, "cause", { get: () => 1 });
  return [a, b, c, d, e];
});
cases.push({
  name: "clone error stacks",
  raw: true,
  run: (api) => {
    const e = new Error("x");
    const c = api.structuredClone(e);
    const n = new Error("y");
    n.stack = 5;
    const cn = api.structuredClone(n);
    const g = new Error("z");
    Object.defineProperty(g, "stack", { get: () => "S" });
    return [c.stack === e.stack, cn.stack, Object.getOwnPropertyNames(cn).includes("stack"), api.structuredClone(g).stack];
  },
});
clone("error cause holding a function", () => new Error("x", { cause: () => 1 }));
clone("error name getter throws", () => {
  const e = new Error("m");
  Object.defineProperty(e, "name", { get() { throw new Error("nm"); } });
  return e;
});
clone("error message symbol", () => {
  const e = new Error("m");
  e.message = Symbol("q");
  return e;
});
clone("error cause cycle", () => {
  const e = new Error("x");
  e.cause = e;
  return e;
}, { v22: true });
clone("error shared in array", () => {
  const e = new RangeError("r");
  return [e, e, { e }];
});
clone("error without prototype", () => {
  const e = new Error("x");
  Object.setPrototypeOf(e, null);
  return e;
});
clone("object inheriting from an error", () => [Object.create(new Error("x")), Object.create(Error.prototype)]);
clone("dom exception", (api) => {
  const e = new api.DOMException("m", { name: "AbortError", cause: 1 });
  e.foo = 1;
  return [e, e];
}, { v22: true });
cases.push({
  name: "clone dom exception details",
  raw: true,
  v22: true,
  run: (api) => {
    class D extends api.DOMException {}
    const e = new D("m", "NotFoundError");
    const c = api.structuredClone(e);
    return [c instanceof api.DOMException, c.constructor === api.DOMException, c.name, c.message, c.code, c.stack === e.stack, c.cause];
  },
});

// --- objects and arrays -----------------------------------------------------------------

clone("plain object", () => ({ a: 1, b: { c: [1, 2, { d: "e" }] }, "": 0, "a b": null }));
clone("object key order", () => ({ b: 1, 2: 2, a: 3, 1: 4, [Symbol("s")]: 5 }));
clone("object own enumerable only", () => {
  const o = Object.create({ inherited: 1 });
  o.own = 2;
  Object.defineProperty(o, "hidden", { value: 3, enumerable: false });
  o[Symbol("sym")] = 4;
  return o;
});
clone("object attributes dropped", () => {
  const o = {};
  Object.defineProperty(o, "ro", { value: 1, enumerable: true, writable: false, configurable: false });
  return Object.freeze(o);
});
clone("getters run", () => ({ get a() { return "got"; }, b: 2 }));
clone("getter deletes a later key", () => {
  const o = { get a() { delete o.b; return 1; }, b: 2, c: 3 };
  return o;
});
clone("getter adds a key", () => {
  const o = { get a() { o.z = 1; return 1; }, b: 2 };
  return o;
});
clone("getter throws", () => ({ get a() { throw new RangeError("inner"); } }));
clone("__proto__ key", () => JSON.parse('{"__proto__": {"x": 1}, "a": 1}'));
clone("null prototype", () => {
  const o = Object.create(null);
  o.a = 1;
  return o;
});
clone("class instance", () => {
  class P {
    constructor() { this.a = 1; }
    get g() { return 2; }
    m() {}
  }
  return new P();
});
clone("object with toStringTag", () => ({ [Symbol.toStringTag]: "Promise", a: 1 }));
clone("objects inheriting from built-ins", () => [
  Object.create(Date.prototype), Object.create(Map.prototype), Object.create(RegExp.prototype),
  Object.create(Uint8Array.prototype), Map.prototype, Date.prototype, RegExp.prototype,
  Error.prototype, ArrayBuffer.prototype, Object.create(new Map()),
]);
clone("built-ins with swapped prototype", () => {
  const d = new Date(0);
  Object.setPrototypeOf(d, null);
  const r = /x/g;
  Object.setPrototypeOf(r, Object.prototype);
  const n = new Number(3);
  Object.setPrototypeOf(n, null);
  return [d, r, n];
});
clone("events and targets", (api) => [new api.Event("x"), new api.EventTarget(), new api.AbortController(), new api.CustomEvent("c", { detail: 1 })]);
clone("circular object", () => {
  const o = { a: [1] };
  o.self = o;
  o.a.push(o.a, o);
  return o;
});
clone("shared references", () => {
  const shared = { s: 1 };
  const arr = [shared];
  return { x: shared, y: shared, arr, arr2: arr, m: new Map([[shared, arr]]) };
});
clone("array holes and extras", () => {
  const a = [1, , 3];
  a.x = "y";
  a[10] = 5;
  return a;
});
clone("array length only", () => {
  const a = [];
  a.length = 3;
  return a;
});
clone("array non-enumerable index", () => {
  const a = [1, 2];
  Object.defineProperty(a, 1, { value: 9, enumerable: false });
  return a;
});
clone("array getter deletes", () => {
  const a = [1, 2];
  Object.defineProperty(a, 0, { get() { delete a[1]; return "g"; }, enumerable: true });
  return a;
});
clone("packed array element deleted by nested getter", () => {
  const a = [{ get x() { a.length = 1; return 1; } }, 2, 3];
  return a;
});
clone("sparse array", () => {
  const a = [];
  a[1e6] = 1;
  a.z = 2;
  return a;
});
clone("deep nesting", () => {
  const root = {};
  let o = root;
  for (let i = 0; i < 1000; i++) o = o.n = {};
  return root;
});

// --- values that cannot be cloned -------------------------------------------------------

const uncloneable = {
  function: () => function f() {},
  arrow: () => () => 1,
  "arrow in object": () => ({ a: () => 1 }),
  class: () => class A { m() {} },
  "async function": () => async function h() {},
  "generator function": () => function* g() {},
  symbol: () => Symbol("x"),
  "empty symbol": () => Symbol(),
  "symbol in map": () => new Map([[1, Symbol("z")]]),
  "symbol object": () => Object(Symbol("q")),
  weakmap: () => new WeakMap(),
  weakset: () => new WeakSet(),
  weakref: () => new WeakRef({}),
  "finalization registry": () => new FinalizationRegistry(() => {}),
  promise: () => Promise.resolve(),
  "promise subclass": () => new (class Foo extends Promise {})(() => {}),
  "weakmap subclass": () => new (class Foo extends WeakMap {})(),
  "tagged weakmap": () => {
    const w = new WeakMap();
    Object.defineProperty(w, Symbol.toStringTag, { value: "Zed" });
    return w;
  },
  generator: () => (function* gen() {})(),
  arguments: () => (function () { return arguments; })(1, 2),
  global: () => globalThis,
  "nested weakset": () => ({ a: [1, new WeakSet()] }),
  "function in null-prototype object": () => {
    const o = Object.create(null);
    o.f = function named() {};
    return o;
  },
};
for (const [label, make] of Object.entries(uncloneable)) clone(`uncloneable ${label}`, make);
// Node 20 words these "#<Object>"; Node 22 names the iterator.
clone("uncloneable array iterator", () => [].values(), { v22: true });
clone("uncloneable map iterator", () => new Map().keys(), { v22: true });
clone("uncloneable set iterator", () => new Set().values(), { v22: true });
clone("uncloneable string iterator", () => "ab"[Symbol.iterator](), { v22: true });

// --- justified differences (see web_vs_node.js) ------------------------------------------

// A Proxy cannot be detected from JS: it is cloned through its traps.
cases.push({
  name: "clone proxy (differs from Node)",
  raw: true,
  mine: { value: [{ a: 1 }, [1, 2]], log: [] },
  run: (api) => [api.structuredClone(new Proxy({ a: 1 }, {})), api.structuredClone(new Proxy([1, 2], {}))],
});
// Objects that merely inherit from Promise.prototype look like promises.
cases.push({
  name: "clone object inheriting from Promise.prototype (differs from Node)",
  mine: { error: { thrown: true, name: "DataCloneError", code: 25, message: "#<Promise> could not be cloned.", domException: true, ctor: "DOMException" }, log: [] },
  run: (api) => api.structuredClone(Object.create(Promise.prototype)),
});
// JS cannot make a second SharedArrayBuffer object over the same memory.
cases.push({
  name: "clone shared array buffer (differs from Node)",
  raw: true,
  mine: { value: [true, 7, true, true], log: [] },
  run: (api) => {
    const b = new SharedArrayBuffer(4);
    const c = api.structuredClone(b);
    new Uint8Array(c)[0] = 7;
    const view = api.structuredClone(new Int16Array(b));
    return [c === b, new Uint8Array(b)[0], c instanceof SharedArrayBuffer, view.buffer === b];
  },
});

// --- arguments and transfer -----------------------------------------------------------------

cases.push({ name: "structuredClone no args", run: (api) => api.structuredClone(), v22: true });
const optionForms = {
  "options number": [1],
  "options null": [null],
  "options string": ["x"],
  "options symbol": [Symbol()],
  "options true": [true],
  "options function": [() => {}],
  "options array": [[]],
  "transfer undefined": [{ transfer: undefined }],
  "transfer number": [{ transfer: 1 }],
  "transfer object": [{ transfer: {} }],
  "transfer string": [{ transfer: "ab" }],
  "transfer null": [{ transfer: null }],
  "transfer array-like": [{ transfer: { length: 0 } }],
  "transfer plain object entry": [{ transfer: [{}] }],
  "transfer number entry": [{ transfer: [1] }],
  "transfer function entry": [{ transfer: [function f() {}] }],
  "transfer invalid then number": [{ transfer: [{}, 1] }],
  "transfer shared buffer": [{ transfer: [new SharedArrayBuffer(2)] }],
  "transfer typed array": [{ transfer: [new Uint8Array(2)] }],
};
for (const [label, args] of Object.entries(optionForms)) {
  const v22 = !["options null", "options function", "options array", "transfer undefined"].includes(label);
  cases.push({ name: `structuredClone ${label}`, run: (api) => api.structuredClone(1, ...args), v22 });
}
cases.push({
  name: "structuredClone transfer getter",
  run: (api, log) => api.structuredClone(1, { get transfer() { log("get transfer"); return []; } }),
});
const detachedBuffer = () => {
  const b = new ArrayBuffer(1);
  structuredClone(b, { transfer: [b] });
  return b;
};
const transferLists = {
  duplicate: () => {
    const b = new ArrayBuffer(1);
    return [b, b];
  },
  detached: () => [detachedBuffer()],
  "duplicate then invalid": () => {
    const b = new ArrayBuffer(1);
    return [b, b, {}];
  },
  "invalid then duplicate": () => {
    const b = new ArrayBuffer(1);
    return [{}, b, b];
  },
  "detached then invalid": () => [detachedBuffer(), {}],
  "invalid then detached": () => [{}, detachedBuffer()],
};
for (const [label, make] of Object.entries(transferLists)) {
  cases.push({ name: `structuredClone transfer ${label}`, run: (api) => api.structuredClone(1, { transfer: make() }), v22: true });
}
cases.push({
  name: "structuredClone transfer list checked before the value",
  run: (api) => api.structuredClone(() => {}, { transfer: [{}] }),
  v22: true,
});
cases.push({
  name: "structuredClone transfer detaches",
  raw: true,
  run: (api) => {
    const b = new Uint8Array([1, 2, 3]).buffer;
    const u = new Uint8Array(b, 1);
    const r = api.structuredClone({ b, u, again: b }, { transfer: [b] });
    return [
      b.byteLength, u.length, r.b.byteLength, [...new Uint8Array(r.b)], [...r.u],
      r.u.buffer === r.b, r.again === r.b, r.b === b,
    ];
  },
});
cases.push({
  name: "structuredClone transfer a Set of buffers",
  raw: true,
  v22: true,
  run: (api) => {
    const b = new ArrayBuffer(2);
    const r = api.structuredClone(b, { transfer: new Set([b]) });
    return [r.byteLength, b.byteLength];
  },
});
cases.push({
  name: "structuredClone transfer resizable buffer",
  raw: true,
  run: (api) => {
    const b = new ArrayBuffer(2, { maxByteLength: 16 });
    const r = api.structuredClone(b, { transfer: [b] });
    return [r.byteLength, r.resizable, r.maxByteLength, b.byteLength];
  },
});
cases.push({
  name: "structuredClone transfer buffer not in the value",
  raw: true,
  run: (api) => {
    const b = new ArrayBuffer(3);
    const r = api.structuredClone(1, { transfer: [b] });
    return [r, b.byteLength];
  },
});
cases.push({
  name: "structuredClone failure leaves transfer list attached",
  raw: true,
  run: (api) => {
    const b = new ArrayBuffer(3);
    try {
      api.structuredClone({ b, f() {} }, { transfer: [b] });
    } catch (e) {
      return [e.name, e.code, e.message, b.byteLength];
    }
    return "no error";
  },
});
cases.push({
  name: "structuredClone result identity",
  raw: true,
  run: (api) => {
    const o = { a: [1] };
    const c = api.structuredClone(o);
    return [c !== o, c.a !== o.a, util.isDeepStrictEqual(c, o)];
  },
});

module.exports = cases;
