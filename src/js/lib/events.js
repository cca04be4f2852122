// events.js - Node's EventEmitter and the `events` module helpers.

const kCapture = Symbol("kCapture");
const errorMonitor = Symbol("events.errorMonitor");
let defaultMaxListeners = 10;

function invalidArg(name, expected, value) {
  const err = new TypeError(`The "${name}" argument must be ${expected}. Received ${require("tasks").describe(value)}`);
  err.code = "ERR_INVALID_ARG_TYPE";
  return err;
}

function checkListener(listener) {
  if (typeof listener !== "function") throw invalidArg("listener", "of type function", listener);
}

function EventEmitter(opts) {
  EventEmitter.init.call(this, opts);
}

EventEmitter.init = function init(opts) {
  if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
    this._events = { __proto__: null };
    this._eventsCount = 0;
  }
  this._maxListeners = this._maxListeners || undefined;
  if (opts && opts.captureRejections) this[kCapture] = true;
};

EventEmitter.prototype._events = undefined;
EventEmitter.prototype._eventsCount = 0;
EventEmitter.prototype._maxListeners = undefined;

Object.defineProperty(EventEmitter, "defaultMaxListeners", {
  enumerable: true,
  get() { return defaultMaxListeners; },
  set(n) {
    if (typeof n !== "number" || n < 0 || Number.isNaN(n)) {
      const err = new RangeError(`The value of "defaultMaxListeners" is out of range. It must be a non-negative number. Received ${require("inspect").inspect(n)}`);
      err.code = "ERR_OUT_OF_RANGE";
      throw err;
    }
    defaultMaxListeners = n;
  },
});

EventEmitter.prototype.setMaxListeners = function setMaxListeners(n) {
  if (typeof n !== "number" || n < 0 || Number.isNaN(n)) {
    const err = new RangeError(`The value of "n" is out of range. It must be a non-negative number. Received ${require("inspect").inspect(n)}`);
    err.code = "ERR_OUT_OF_RANGE";
    throw err;
  }
  this._maxListeners = n;
  return this;
};

EventEmitter.prototype.getMaxListeners = function getMaxListeners() {
  return this._maxListeners === undefined ? defaultMaxListeners : this._maxListeners;
};

EventEmitter.prototype.emit = function emit(type, ...args) {
  const events = this._events;
  if (type === "error" && events !== undefined && events[errorMonitor] !== undefined)
    this.emit(errorMonitor, ...args);
  const handler = events === undefined ? undefined : events[type];
  if (handler === undefined) {
    if (type === "error") {
      const er = args[0];
      if (er instanceof Error) throw er;
      const err = new Error(`Unhandled error. (${require("inspect").inspect(er)})`);
      err.code = "ERR_UNHANDLED_ERROR";
      err.context = er;
      throw err;
    }
    return false;
  }
  if (typeof handler === "function") {
    callListener(this, handler, args, type);
  } else {
    const listeners = handler.slice();
    for (let i = 0; i < listeners.length; i++) callListener(this, listeners[i], args, type);
  }
  return true;
};

function callListener(self, fn, args, type) {
  const result = args.length === 0 ? fn.call(self) : fn.apply(self, args);
  if (self[kCapture] && result !== undefined && result !== null && typeof result.then === "function") {
    result.then(undefined, (err) => {
      require("tasks").nextTick(() => {
        if (typeof self[Symbol.for("nodejs.rejection")] === "function") self[Symbol.for("nodejs.rejection")](err, type, ...args);
        else self.emit("error", err);
      });
    });
  }
}

function addListener(target, type, listener, prepend) {
  checkListener(listener);
  let events = target._events;
  if (events === undefined) {
    events = target._events = { __proto__: null };
    target._eventsCount = 0;
  } else if (events.newListener !== undefined) {
    target.emit("newListener", type, listener.listener ? listener.listener : listener);
    events = target._events;
  }
  const existing = events[type];
  if (existing === undefined) {
    events[type] = listener;
    target._eventsCount++;
  } else {
    const list = typeof existing === "function" ? (events[type] = prepend ? [listener, existing] : [existing, listener])
      : (prepend ? (existing.unshift(listener), existing) : (existing.push(listener), existing));
    const max = target.getMaxListeners();
    if (max > 0 && list.length > max && !list.warned) {
      list.warned = true;
      const name = typeof type === "symbol" ? type.toString() : type;
      const w = new Error(`Possible EventEmitter memory leak detected. ${list.length} ${name} listeners added to ${describeTarget(target)}. MaxListeners is ${max}. Use emitter.setMaxListeners() to increase limit`);
      w.name = "MaxListenersExceededWarning";
      w.emitter = target;
      w.type = type;
      w.count = list.length;
      require("process").emitWarning(w);
    }
  }
  return target;
}

function describeTarget(t) {
  const name = t.constructor && t.constructor.name;
  return name ? `[${name}]` : "[EventEmitter]";
}

EventEmitter.prototype.addListener = function (type, listener) { return addListener(this, type, listener, false); };
EventEmitter.prototype.on = EventEmitter.prototype.addListener;
EventEmitter.prototype.prependListener = function (type, listener) { return addListener(this, type, listener, true); };

function onceWrapper(...args) {
  if (!this.fired) {
    this.target.removeListener(this.type, this.wrapFn);
    this.fired = true;
    return args.length === 0 ? this.listener.call(this.target) : this.listener.apply(this.target, args);
  }
}
function onceWrap(target, type, listener) {
  const state = { fired: false, wrapFn: undefined, target, type, listener };
  const wrapped = onceWrapper.bind(state);
  wrapped.listener = listener;
  state.wrapFn = wrapped;
  return wrapped;
}

EventEmitter.prototype.once = function once(type, listener) {
  checkListener(listener);
  this.on(type, onceWrap(this, type, listener));
  return this;
};
EventEmitter.prototype.prependOnceListener = function (type, listener) {
  checkListener(listener);
  this.prependListener(type, onceWrap(this, type, listener));
  return this;
};

EventEmitter.prototype.removeListener = function removeListener(type, listener) {
  checkListener(listener);
  const events = this._events;
  if (events === undefined) return this;
  const list = events[type];
  if (list === undefined) return this;
  if (list === listener || list.listener === listener) {
    this._eventsCount--;
    if (this._eventsCount === 0) this._events = { __proto__: null };
    else delete events[type];
    if (events.removeListener) this.emit("removeListener", type, list.listener || listener);
  } else if (typeof list !== "function") {
    let pos = -1;
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i] === listener || list[i].listener === listener) { pos = i; break; }
    }
    if (pos < 0) return this;
    const removed = list[pos];
    list.splice(pos, 1);
    if (list.length === 1) events[type] = list[0];
    if (events.removeListener !== undefined) this.emit("removeListener", type, removed.listener || listener);
  }
  return this;
};
EventEmitter.prototype.off = EventEmitter.prototype.removeListener;

EventEmitter.prototype.removeAllListeners = function removeAllListeners(type) {
  const events = this._events;
  if (events === undefined) return this;
  if (events.removeListener === undefined) {
    if (arguments.length === 0) {
      this._events = { __proto__: null };
      this._eventsCount = 0;
    } else if (events[type] !== undefined) {
      if (--this._eventsCount === 0) this._events = { __proto__: null };
      else delete events[type];
    }
    return this;
  }
  if (arguments.length === 0) {
    for (const key of Reflect.ownKeys(events)) {
      if (key === "removeListener") continue;
      this.removeAllListeners(key);
    }
    this.removeAllListeners("removeListener");
    this._events = { __proto__: null };
    this._eventsCount = 0;
    return this;
  }
  const listeners = events[type];
  if (typeof listeners === "function") this.removeListener(type, listeners);
  else if (listeners !== undefined) for (let i = listeners.length - 1; i >= 0; i--) this.removeListener(type, listeners[i]);
  return this;
};

function listenersOf(target, type, unwrap) {
  const events = target._events;
  if (events === undefined) return [];
  const l = events[type];
  if (l === undefined) return [];
  if (typeof l === "function") return unwrap ? [l.listener || l] : [l];
  return unwrap ? l.map((f) => f.listener || f) : l.slice();
}

EventEmitter.prototype.listeners = function (type) { return listenersOf(this, type, true); };
EventEmitter.prototype.rawListeners = function (type) { return listenersOf(this, type, false); };
EventEmitter.prototype.listenerCount = function (type, listener) {
  const events = this._events;
  if (events === undefined) return 0;
  const l = events[type];
  if (l === undefined) return 0;
  if (typeof l === "function") return listener == null || l === listener || l.listener === listener ? 1 : 0;
  if (listener == null) return l.length;
  return l.filter((f) => f === listener || f.listener === listener).length;
};
EventEmitter.prototype.eventNames = function () {
  return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : [];
};

function once(emitter, name, options = {}) {
  const signal = options && options.signal;
  if (signal && signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const onError = (err) => { cleanup(); reject(err); };
    const listener = (...args) => { cleanup(); resolve(args); };
    const onAbort = () => { cleanup(); reject(abortError(signal)); };
    function cleanup() {
      if (typeof emitter.removeListener === "function") {
        emitter.removeListener(name, listener);
        if (name !== "error") emitter.removeListener("error", onError);
      } else if (typeof emitter.removeEventListener === "function") {
        emitter.removeEventListener(name, listener);
      }
      if (signal) signal.removeEventListener("abort", onAbort);
    }
    if (typeof emitter.on === "function") {
      emitter.on(name, listener);
      if (name !== "error") emitter.on("error", onError);
    } else if (typeof emitter.addEventListener === "function") {
      emitter.addEventListener(name, listener, { once: true });
    } else {
      throw invalidArg("emitter", "an instance of EventEmitter or EventTarget", emitter);
    }
    if (signal) signal.addEventListener("abort", onAbort, { once: true });
  });
}

function abortError(signal) {
  const err = new Error("The operation was aborted");
  err.name = "AbortError";
  err.code = "ABORT_ERR";
  if (signal && signal.reason !== undefined) err.cause = signal.reason;
  return err;
}

// events.on(emitter, name): an async iterator of the event's argument arrays.
function on(emitter, name, options = {}) {
  const signal = options && options.signal;
  const queued = [];
  const waiting = [];
  let error = null;
  let done = false;
  const listener = (...args) => {
    if (waiting.length) waiting.shift().resolve({ value: args, done: false });
    else queued.push(args);
  };
  const onError = (err) => {
    if (waiting.length) waiting.shift().reject(err);
    else error = err;
    finish();
  };
  function finish() {
    done = true;
    emitter.removeListener(name, listener);
    emitter.removeListener("error", onError);
    for (const w of waiting.splice(0)) w.resolve({ value: undefined, done: true });
  }
  emitter.on(name, listener);
  if (name !== "error") emitter.on("error", onError);
  if (signal) signal.addEventListener("abort", () => onError(abortError(signal)), { once: true });
  return {
    next() {
      if (queued.length) return Promise.resolve({ value: queued.shift(), done: false });
      if (error) { const e = error; error = null; return Promise.reject(e); }
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    return() { finish(); return Promise.resolve({ value: undefined, done: true }); },
    throw(err) { onError(err); return Promise.reject(err); },
    [Symbol.asyncIterator]() { return this; },
  };
}

function listenerCount(emitter, type) { return emitter.listenerCount(type); }
function getEventListeners(emitter, type) {
  if (typeof emitter.listeners === "function") return emitter.listeners(type);
  return [];
}

EventEmitter.EventEmitter = EventEmitter;
EventEmitter.once = once;
EventEmitter.on = on;
EventEmitter.listenerCount = listenerCount;
EventEmitter.getEventListeners = getEventListeners;
EventEmitter.errorMonitor = errorMonitor;
EventEmitter.captureRejectionSymbol = Symbol.for("nodejs.rejection");
Object.defineProperty(EventEmitter, "captureRejections", {
  get() { return !!EventEmitter.prototype[kCapture]; },
  set(v) { EventEmitter.prototype[kCapture] = !!v; },
  enumerable: true,
});
EventEmitter.usingDomains = false;

exports.EventEmitter = EventEmitter;
