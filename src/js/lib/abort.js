// AbortController and AbortSignal (DOM standard), as Node 22 has them.
//
// Aborting a signal sets `aborted`/`reason`, marks every dependent signal
// (made by AbortSignal.any) aborted with the same reason, then fires a
// trusted "abort" Event on the signal and after it on each dependent, in
// the order they were made. Listeners see the final state everywhere.
"use strict";

const { Event, EventTarget, internals } = require("event_target");
const { DOMException } = require("dom_exception");
const {
  illegalConstructor,
  invalidArgType,
  invalidThis,
  validateUint32,
  webidlError,
} = require("web_errors");

const { kTrusted, kNewListener, kRemoveListener, defineEventHandler } = internals;
const kInspect = Symbol.for("nodejs.util.inspect.custom");
const kConstruct = Symbol("kConstruct"); // lets this file call the constructor
const dispatchEvent = EventTarget.prototype.dispatchEvent;

// A composite or timeout signal is referenced weakly by its sources, so
// without help it could be collected while a listener still waits on it.
// Such a signal stays here while it has "abort" listeners and has not
// aborted (Node keeps the same set).
const keepAlive = new Set();

const hasWeakRef = typeof WeakRef === "function";
const makeRef = hasWeakRef ? (value) => new WeakRef(value) : (value) => ({ deref: () => value });

function abortedError() {
  return new DOMException("This operation was aborted", "AbortError");
}

// Options for the nested inspect() call, one level deeper.
function nestedOptions(options) {
  const opts = Object.assign({}, options);
  if (typeof options.depth === "number") opts.depth = options.depth - 1;
  return opts;
}

// Past the depth limit Node returns the object itself, which inspect then
// prints by its own keys: "AbortController {}" for a controller (it has
// none) but "[AbortSignal]" for a signal (Node's carry symbol-keyed state,
// ours do not, so that text is produced here).
function customInspect(self, shown, depth, options, inspect) {
  const name = self.constructor.name;
  if (depth < 0) {
    if (!isAbortSignal(self)) return self;
    const text = `[${name}]`;
    return typeof options.stylize === "function" ? options.stylize(text, "special") : text;
  }
  const fn = typeof inspect === "function" ? inspect : require("inspect").inspect;
  return `${name} ${fn(shown, nestedOptions(options))}`;
}

let abortSignal; // (signal, reason): the abort algorithm
let isAbortSignal;

class AbortSignal extends EventTarget {
  #aborted = false;
  #reason = undefined;
  #composite = false; // made by AbortSignal.any()
  #timeout = false; // made by AbortSignal.timeout()
  #sources = null; // composite: Set of the plain signals it follows
  #dependents = null; // plain: Set of weak refs to composites following it
  #dependentsPruneAt = 64;

  constructor(token = undefined) {
    if (token !== kConstruct) throw illegalConstructor();
    super();
  }

  static {
    isAbortSignal = (value) => value !== null && typeof value === "object" && #aborted in value;

    abortSignal = (signal, reason) => {
      if (signal.#aborted) return;
      signal.#aborted = true;
      signal.#reason = reason;
      keepAlive.delete(signal);
      // Every dependent is aborted before any event fires.
      const dependents = [];
      if (signal.#dependents !== null) {
        for (const ref of signal.#dependents) {
          const dependent = ref.deref();
          if (dependent === undefined || dependent.#aborted) continue;
          dependent.#aborted = true;
          dependent.#reason = reason;
          keepAlive.delete(dependent);
          dependents.push(dependent);
        }
        signal.#dependents = null;
      }
      fireAbort(signal);
      for (const dependent of dependents) fireAbort(dependent);
    };
  }

  get aborted() {
    if (!(#aborted in Object(this))) throw invalidThis("AbortSignal");
    return this.#aborted;
  }

  get reason() {
    if (!(#aborted in Object(this))) throw invalidThis("AbortSignal");
    return this.#reason;
  }

  throwIfAborted() {
    if (!(#aborted in Object(this))) throw invalidThis("AbortSignal");
    if (this.#aborted) throw this.#reason;
  }

  static abort(reason = abortedError()) {
    const signal = new AbortSignal(kConstruct);
    signal.#aborted = true;
    signal.#reason = reason;
    return signal;
  }

  static timeout(delay) {
    validateUint32(delay, "delay");
    const signal = new AbortSignal(kConstruct);
    signal.#timeout = true;
    const timer = require("timers").setTimeout(() => {
      abortSignal(signal, new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    }, delay);
    // The timer alone must not keep the run alive.
    if (timer && typeof timer.unref === "function") timer.unref();
    return signal;
  }

  static any(signals) {
    const list = toSignalList(signals);
    const result = new AbortSignal(kConstruct);
    result.#composite = true;
    // An already aborted input decides the result at once.
    for (const signal of list) {
      if (signal.aborted) {
        result.#aborted = true;
        result.#reason = signal.reason;
        return result;
      }
    }
    result.#sources = new Set();
    const ref = makeRef(result);
    for (const signal of list) {
      if (!isAbortSignal(signal)) continue; // a look-alike that cannot abort us
      // Follow plain signals directly and composites through their sources,
      // so that chains of any() stay one level deep.
      const sources = signal.#composite ? signal.#sources || [] : [signal];
      for (const source of sources) {
        if (source.#aborted || result.#sources.has(source)) continue;
        result.#sources.add(source);
        source.#addDependent(ref);
      }
    }
    return result;
  }

  #addDependent(ref) {
    if (this.#dependents === null) this.#dependents = new Set();
    this.#dependents.add(ref);
    // Drop refs to collected composites now and then, so a long-lived
    // signal used in many any() calls does not grow without bound.
    if (hasWeakRef && this.#dependents.size >= this.#dependentsPruneAt) {
      for (const r of this.#dependents) if (r.deref() === undefined) this.#dependents.delete(r);
      this.#dependentsPruneAt = Math.max(64, this.#dependents.size * 2);
    }
  }

  [kNewListener](size, type) {
    if (type === "abort" && size === 1 && !this.#aborted &&
        (this.#timeout || (this.#composite && this.#sources !== null && this.#sources.size > 0))) {
      keepAlive.add(this);
    }
  }

  [kRemoveListener](size, type) {
    if (type === "abort" && size === 0) keepAlive.delete(this);
  }

  [kInspect](depth, options, inspect) {
    return customInspect(this, { aborted: this.aborted }, depth, options, inspect);
  }
}

function fireAbort(signal) {
  Reflect.apply(dispatchEvent, signal, [new Event("abort", { [kTrusted]: true })]);
}

// The sequence<AbortSignal> conversion of AbortSignal.any(), with Node's
// errors. Elements are checked by shape, as Node does.
function toSignalList(signals) {
  if (signals === null ||
      (typeof signals !== "object" && typeof signals !== "function") ||
      typeof signals[Symbol.iterator] !== "function") {
    throw webidlError("ERR_INVALID_ARG_TYPE", "Value can not be converted to sequence.");
  }
  const list = Array.from(signals);
  for (let i = 0; i < list.length; i++) {
    const signal = list[i];
    if (signal === null || typeof signal !== "object" || !("aborted" in signal)) {
      throw invalidArgType(`signals[${i}]`, "an instance of AbortSignal", signal);
    }
  }
  return list;
}

defineEventHandler(AbortSignal.prototype, "abort");

class AbortController {
  #signal = new AbortSignal(kConstruct);

  get signal() {
    return this.#signal;
  }

  abort(reason = abortedError()) {
    abortSignal(this.#signal, reason);
  }

  [kInspect](depth, options, inspect) {
    return customInspect(this, { signal: this.signal }, depth, options, inspect);
  }
}

// Enumerability and tags as on Node's prototypes.
function setEnumerable(proto, keys) {
  for (const key of keys) {
    const desc = Object.getOwnPropertyDescriptor(proto, key);
    desc.enumerable = true;
    Object.defineProperty(proto, key, desc);
  }
}

function setTag(proto, tag) {
  Object.defineProperty(proto, Symbol.toStringTag, {
    value: tag,
    writable: false,
    enumerable: false,
    configurable: true,
  });
}

setEnumerable(AbortSignal.prototype, ["aborted"]);
setEnumerable(AbortController.prototype, ["signal", "abort"]);
setTag(AbortSignal.prototype, "AbortSignal");
setTag(AbortController.prototype, "AbortController");

exports.AbortController = AbortController;
exports.AbortSignal = AbortSignal;
// For sibling files only: a brand check and the abort algorithm.
exports.isAbortSignal = isAbortSignal;
exports.abortSignal = (signal, reason) => abortSignal(signal, reason);
