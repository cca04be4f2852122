// async_context.js - the context that AsyncLocalStorage reads, carried from
// where work is scheduled to where it runs.
//
// JavaScriptCore has no promise hooks, so the context travels by hand:
// - an `await` in a module puts back the context it began in: the source
//   transform (src/lang/parse.c, async_context_await) writes `await E` as
//   `M.a(await E)` and gives try/catch/finally and for-await a variable
//   (M.c() to take, M.s(k) to put back); M is a module record, whose
//   prototype is `recordProto` below;
// - promise callbacks, timers, immediates and ticks take the context of the
//   call that scheduled them, once `enable()` has run (the first
//   AsyncLocalStorage or AsyncResource): until then every context is the
//   root, and nothing is wrapped.
// A frame is immutable: `stores` maps an AsyncLocalStorage to its store;
// `r` puts the frame back and hands its argument through.

const apply = Reflect.apply;
const nativeThen = Promise.prototype.then;
const defineProperty = Object.defineProperty;

function makeFrame(stores) {
  const f = { __proto__: null, stores, r: null, resource: null };
  f.r = (v) => {
    current = f;
    return v;
  };
  return f;
}

const ROOT = makeFrame(null);
let current = ROOT;

const recordProto = {
  __proto__: null,
  get a() { return current.r; },
  c() { return current; },
  w(k, v) {
    current = k;
    return v;
  },
  s(k) { if (k !== undefined) current = k; },
};

function get() { return current; }

// Run fn in frame f, then put back the frame it was called in.
function runIn(f, fn, thisArg, args) {
  const prev = current;
  current = f || ROOT;
  try {
    return apply(fn, thisArg, args);
  } finally {
    current = prev;
  }
}

// A frame like the current one with `key` mapped to `value`.
function withStore(key, value) {
  const stores = new Map(current.stores || undefined);
  stores.set(key, value);
  return makeFrame(stores);
}

function set(f) { current = f; }

function bind(fn) {
  const f = current;
  return function (...args) { return runIn(f, fn, this, args); };
}

function enable() {
  if (exports.enabled) return;
  exports.enabled = true;
  const then = {
    then(onFulfilled, onRejected) {
      const f = current;
      return apply(nativeThen, this, [
        typeof onFulfilled === "function" ? (v) => runIn(f, onFulfilled, undefined, [v]) : onFulfilled,
        typeof onRejected === "function" ? (e) => runIn(f, onRejected, undefined, [e]) : onRejected,
      ]);
    },
  }.then;
  defineProperty(Promise.prototype, "then", { value: then, writable: true, enumerable: false, configurable: true });
}

exports.ROOT = ROOT;
exports.enabled = false;
exports.recordProto = recordProto;
exports.get = get;
exports.set = set;
exports.runIn = runIn;
exports.withStore = withStore;
exports.bind = bind;
exports.enable = enable;
