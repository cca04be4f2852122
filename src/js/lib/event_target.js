// Event, CustomEvent and EventTarget as Node 22 exposes them.
//
// Node's EventTarget is not the DOM's: there is no tree, so dispatch only
// runs the target's own listeners, and it has quirks that guests can see.
// They are kept on purpose, since the goal is Node's behaviour:
// - listeners are kept in a linked list and the next listener is looked up
//   before each call, so a listener added during dispatch runs in the same
//   dispatch unless it was added by the last listener;
// - the event stops counting as "being dispatched" once the first listener
//   returns normally (eventPhase 0, currentTarget null and composedPath() []
//   for the listeners after it; dispatching it again is then allowed);
// - a stopImmediatePropagation() flag is never cleared, so the event's
//   listeners are skipped in any later dispatch too;
// - removeEventListener() only honours `{ capture: true }` (not `true`);
// - an object listener's handleEvent is called through an async wrapper, so
//   its exceptions are reported as rejections.
// Exceptions from listeners never stop the dispatch: on the next tick they
// go to require("errors").reportUncaught(err), as Node throws them from
// process.nextTick.
"use strict";

const {
  codedError,
  invalidArgType,
  invalidArgValue,
  invalidThis,
  missingArgs,
  validatePlainObjectArg,
} = require("web_errors");

const kInspect = Symbol.for("nodejs.util.inspect.custom");

// Internal keys. kTrusted in an Event's init dictionary makes isTrusted
// true (Node uses it for "abort"). kNewListener/kRemoveListener are hooks
// that subclasses (AbortSignal) may define to watch listener counts.
const kTrusted = Symbol("kTrusted");
const kNewListener = Symbol("kNewListener");
const kRemoveListener = Symbol("kRemoveListener");

// Milliseconds since the run's start, shared with performance.now()
// (loaded on first use: performance.js itself needs this file).
let clock = null;
function now() {
  if (clock === null) clock = require("performance").now;
  return clock();
}

// Node throws a listener's error from process.nextTick: the dispatch and
// the code after it finish first, then the error is uncaught.
// errors.reportUncaught() reports at once, so the tick is ours to take.
function reportUncaught(err) {
  const report = () => require("errors").reportUncaught(err);
  let nextTick;
  try {
    nextTick = require("tasks").nextTick;
  } catch {
    nextTick = undefined;
  }
  if (typeof nextTick === "function") nextTick(report);
  else Promise.resolve().then(report);
}

// Like Node, a returned thenable's rejection is reported as uncaught.
function reportRejection(result) {
  const then = result.then;
  if (typeof then === "function") {
    Reflect.apply(then, result, [undefined, reportUncaught]);
  }
}

// The runtime's util.inspect, as passed to custom inspect functions.
function getInspect(inspect) {
  return typeof inspect === "function" ? inspect : require("inspect").inspect;
}

// Options for a nested inspect() call one level deeper, as Node does it.
function nestedOptions(options) {
  const opts = Object.assign({}, options);
  if (Number.isInteger(options.depth)) opts.depth = options.depth - 1;
  return opts;
}

// Event type conversion for add/removeEventListener. Node runs the
// WebIDL DOMString conversion, whose error for a Symbol is this one.
function toEventType(type) {
  if (typeof type === "symbol") throw invalidArgValue("value", type);
  return `${type}`;
}

// Accessors into Event's private state for the dispatch code below; set
// from inside the class body, where the private names are visible.
let isEvent;
let eventState;

class Event {
  #type;
  #bubbles;
  #cancelable;
  #composed;
  #trusted;
  #timeStamp;
  #defaultPrevented = false;
  #target = null;
  #dispatching = false;
  #stopImmediate = false;
  #propagationStopped = false;
  #inPassive = false;

  constructor(type, options = undefined) {
    if (arguments.length === 0) throw missingArgs("type");
    if (options != null) validatePlainObjectArg(options, "options");
    this.#bubbles = !!(options && options.bubbles);
    this.#cancelable = !!(options && options.cancelable);
    this.#composed = !!(options && options.composed);
    this.#trusted = options != null && options[kTrusted] === true;
    this.#type = `${type}`;
    this.#timeStamp = now();
  }

  static {
    isEvent = (value) => value !== null && typeof value === "object" && #type in value;
    // One object per call site keeps the dispatch loop readable.
    eventState = {
      type: (ev) => ev.#type,
      dispatching: (ev) => ev.#dispatching,
      stopped: (ev) => ev.#stopImmediate,
      defaultPrevented: (ev) => ev.#defaultPrevented,
      begin(ev, target) {
        ev.#target = target;
        ev.#dispatching = true;
      },
      setDispatching(ev, value) {
        ev.#dispatching = value;
      },
      setPassive(ev, value) {
        ev.#inPassive = value;
      },
    };
  }

  // Members follow Node's property order, so listings of the prototype match.
  initEvent(type, bubbles = false, cancelable = false) {
    if (arguments.length === 0) throw missingArgs("type");
    if (!(#type in Object(this))) throw invalidThis("Event");
    if (this.#dispatching) return;
    this.#type = `${type}`;
    this.#bubbles = !!bubbles;
    this.#cancelable = !!cancelable;
  }

  stopImmediatePropagation() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    this.#propagationStopped = true;
    this.#stopImmediate = true;
  }

  preventDefault() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    if (this.#cancelable && !this.#inPassive) this.#defaultPrevented = true;
  }

  get target() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#target;
  }

  get currentTarget() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#dispatching ? this.#target : null;
  }

  get srcElement() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#target;
  }

  get type() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#type;
  }

  get cancelable() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#cancelable;
  }

  get defaultPrevented() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#cancelable && this.#defaultPrevented;
  }

  get timeStamp() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#timeStamp;
  }

  composedPath() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#dispatching ? [this.#target] : [];
  }

  get returnValue() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return !(this.#cancelable && this.#defaultPrevented);
  }

  set returnValue(value) {
    if (!(#type in Object(this))) throw invalidThis("Event");
    if (!value) this.preventDefault();
  }

  get bubbles() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#bubbles;
  }

  get composed() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#composed;
  }

  get eventPhase() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#dispatching ? Event.AT_TARGET : Event.NONE;
  }

  get cancelBubble() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    return this.#propagationStopped;
  }

  set cancelBubble(value) {
    if (!(#type in Object(this))) throw invalidThis("Event");
    if (value) this.#propagationStopped = true;
  }

  stopPropagation() {
    if (!(#type in Object(this))) throw invalidThis("Event");
    this.#propagationStopped = true;
  }

  // No receiver check: Node answers false for any object.
  get isTrusted() {
    return #type in Object(this) && this.#trusted;
  }

  [kInspect](depth, options, inspect) {
    if (!(#type in Object(this))) throw invalidThis("Event");
    const name = this.constructor.name;
    if (depth < 0) return name;
    const shown = {
      type: this.#type,
      defaultPrevented: this.#cancelable && this.#defaultPrevented,
      cancelable: this.#cancelable,
      timeStamp: this.#timeStamp,
    };
    return `${name} ${getInspect(inspect)(shown, nestedOptions(options))}`;
  }
}

class CustomEvent extends Event {
  #detail;

  constructor(type, options = undefined) {
    if (arguments.length === 0) throw missingArgs("type");
    super(type, options);
    this.#detail = (options && options.detail) ?? null;
  }

  get detail() {
    if (!(#detail in Object(this))) throw invalidThis("CustomEvent");
    return this.#detail;
  }
}

// --- EventTarget ------------------------------------------------------------

// Per-type listener lists are doubly linked lists of records:
//   { listener, callback, capture, once, passive, resist, removed, prev, next }
// `listener` is what the guest passed (used to find duplicates and for
// removal), `callback` what dispatch calls. `resist` marks internal
// listeners that still run after stopImmediatePropagation() (the ones that
// detach `signal`-bound listeners). A removed record keeps its `next` so a
// dispatch standing on it can move on.

let listenersOf;
let handlersOf;

class EventTarget {
  #listeners = new Map();
  #handlers = null; // on<event> attribute wrappers, by event type

  static {
    listenersOf = (target) => {
      if (!(#listeners in target)) throw invalidThis("EventTarget");
      return target.#listeners;
    };
    handlersOf = (target) => {
      if (!(#listeners in target)) throw invalidThis("EventTarget");
      if (target.#handlers === null) target.#handlers = new Map();
      return target.#handlers;
    };
  }

  addEventListener(type, listener, options = undefined) {
    if (!(#listeners in Object(this))) throw invalidThis("EventTarget");
    if (arguments.length < 2) throw missingArgs("type", "listener");

    // Options are read before the listener is checked, as in Node (the
    // order of the getters is visible).
    let once = false;
    let capture = false;
    let passive = false;
    let signal;
    if (typeof options === "boolean") {
      capture = options;
    } else if (options != null) {
      if (typeof options !== "object" && typeof options !== "function") {
        throw invalidArgType("options", "of type object", options);
      }
      once = Boolean(options.once);
      capture = Boolean(options.capture);
      passive = Boolean(options.passive);
      signal = options.signal;
    }
    // Node checks a signal by shape: an object with an `aborted` property.
    if (signal !== undefined &&
        (signal === null || typeof signal !== "object" || !("aborted" in signal))) {
      throw invalidArgType("options.signal", "an instance of AbortSignal", signal);
    }

    if (!isValidListener(listener)) {
      // The DOM silently accepts null/undefined; Node also warns.
      emitNullListenerWarning(this, type, listener);
      return;
    }
    type = toEventType(type);

    if (signal) {
      if (signal.aborted) return;
      const target = this;
      const detach = () => {
        target.removeEventListener(type, listener, options);
      };
      if (require("abort").isAbortSignal(signal)) {
        addListener(signal, "abort", detach, detach, false, true, false, true);
      } else {
        signal.addEventListener("abort", detach, { once: true });
      }
    }

    const callback = typeof listener === "function" ? listener : wrapHandleEvent(listener);
    addListener(this, type, listener, callback, capture, once, passive, false);
  }

  removeEventListener(type, listener, options = undefined) {
    if (!(#listeners in Object(this))) throw invalidThis("EventTarget");
    if (arguments.length < 2) throw missingArgs("type", "listener");
    if (!isValidListener(listener)) return;
    type = toEventType(type);
    const capture = options != null && options.capture === true;
    removeListener(this, type, listener, capture);
  }

  dispatchEvent(event) {
    if (!(#listeners in Object(this))) throw invalidThis("EventTarget");
    if (arguments.length < 1) throw missingArgs("event");
    if (!isEvent(event)) throw invalidArgType("event", "an instance of Event", event);
    if (eventState.dispatching(event)) {
      throw codedError(
        Error,
        "ERR_EVENT_RECURSION",
        `The event "${eventState.type(event)}" is already being dispatched`,
      );
    }
    dispatch(this, event);
    return eventState.defaultPrevented(event) !== true;
  }

  [kInspect](depth, options, inspect) {
    if (!(#listeners in Object(this))) throw invalidThis("EventTarget");
    const name = this.constructor.name;
    if (depth < 0) return name;
    return `${name} ${getInspect(inspect)({}, nestedOptions(options))}`;
  }
}

// Node's listener check: functions and objects are fine (an object's
// handleEvent is looked up at dispatch), null/undefined are ignored, and
// anything else is a type error.
function isValidListener(listener) {
  if (typeof listener === "function") return true;
  if (listener != null && typeof listener.handleEvent === "function") return true;
  if (listener == null) return false;
  if (typeof listener === "object") return true;
  throw invalidArgType("listener", "an instance of EventListener", listener);
}

function emitNullListenerWarning(target, type, listener) {
  const warning = new Error(`addEventListener called with ${listener} which has no effect.`);
  warning.name = "AddEventListenerArgumentTypeWarning";
  warning.target = target;
  warning.type = type;
  let proc;
  try {
    proc = globalThis.process;
  } catch {
    proc = undefined;
  }
  if (proc && typeof proc.emitWarning === "function") proc.emitWarning(warning);
}

// An object listener is called through an async function, as in Node:
// handleEvent runs synchronously, but what it throws becomes a rejection.
function wrapHandleEvent(listener) {
  return async (event) => {
    if (listener.handleEvent) await Reflect.apply(listener.handleEvent, listener, [event]);
  };
}

// Append a record unless the same listener/capture pair is present.
function addListener(target, type, listener, callback, capture, once, passive, resist) {
  const map = listenersOf(target);
  let list = map.get(type);
  if (list === undefined) {
    list = { head: null, tail: null, size: 0 };
    map.set(type, list);
  }
  for (let node = list.head; node !== null; node = node.next) {
    if (node.listener === listener && node.capture === capture) return false;
  }
  const node = {
    listener,
    callback,
    capture,
    once,
    passive,
    resist,
    removed: false,
    prev: list.tail,
    next: null,
  };
  if (list.tail !== null) list.tail.next = node;
  else list.head = node;
  list.tail = node;
  list.size++;
  if (typeof target[kNewListener] === "function") target[kNewListener](list.size, type);
  return true;
}

function unlink(target, map, type, list, node) {
  if (node.prev !== null) node.prev.next = node.next;
  else list.head = node.next;
  if (node.next !== null) node.next.prev = node.prev;
  else list.tail = node.prev;
  node.removed = true; // node.next stays, for a dispatch standing on it
  list.size--;
  if (list.size === 0) map.delete(type);
  if (typeof target[kRemoveListener] === "function") target[kRemoveListener](list.size, type);
}

function removeListener(target, type, listener, capture) {
  const map = listenersOf(target);
  const list = map.get(type);
  if (list === undefined) return;
  for (let node = list.head; node !== null; node = node.next) {
    if (node.listener === listener && node.capture === capture) {
      unlink(target, map, type, list, node);
      return;
    }
  }
}

function dispatch(target, event) {
  const type = eventState.type(event);
  eventState.begin(event, target);
  const map = listenersOf(target);
  const list = map.get(type);
  let node = list === undefined ? null : list.head;
  while (node !== null) {
    const next = node.next; // looked up before the call, as in Node
    if (node.removed || (eventState.stopped(event) && !node.resist)) {
      node = next;
      continue;
    }
    if (node.once) unlink(target, map, type, list, node);
    try {
      eventState.setPassive(event, node.passive);
      let result;
      try {
        result = Reflect.apply(node.callback, target, [event]);
      } finally {
        eventState.setPassive(event, false);
      }
      // Only a normal return ends the "being dispatched" state (Node quirk).
      eventState.setDispatching(event, false);
      if (result !== undefined && result !== null) reportRejection(result);
    } catch (err) {
      reportUncaught(err);
    }
    node = next;
  }
  eventState.setDispatching(event, false);
}

// --- on<event> attributes (e.g. AbortSignal's onabort) ---------------------
// As in Node: the first assignment adds one listener that stays in place;
// later assignments (null included) only swap the function it calls, so
// the handler keeps its first position. A non-function is stored but
// never called.
function defineEventHandler(proto, type) {
  const name = `on${type}`;
  const desc = {
    get() {
      const wrapper = handlersOf(this).get(type);
      return wrapper === undefined ? null : wrapper.handler;
    },
    set(value) {
      const handlers = handlersOf(this);
      let wrapper = handlers.get(type);
      if (wrapper === undefined) {
        wrapper = function (event) {
          if (typeof wrapper.handler !== "function") return undefined;
          return Reflect.apply(wrapper.handler, this, [event]);
        };
        wrapper.handler = value;
        handlers.set(type, wrapper);
        addListener(this, type, wrapper, wrapper, false, false, false, false);
      } else {
        wrapper.handler = value;
      }
    },
    enumerable: true,
    configurable: true,
  };
  Object.defineProperty(desc.get, "name", { value: `get ${name}` });
  Object.defineProperty(desc.set, "name", { value: `set ${name}` });
  Object.defineProperty(proto, name, desc);
}

// --- shape the classes like Node's ------------------------------------------

// Node makes prototype members enumerable and gives each class a tag.
function finishClass(Ctor, tag) {
  const proto = Ctor.prototype;
  for (const key of Object.getOwnPropertyNames(proto)) {
    if (key === "constructor") continue;
    const desc = Object.getOwnPropertyDescriptor(proto, key);
    desc.enumerable = true;
    Object.defineProperty(proto, key, desc);
  }
  Object.defineProperty(proto, Symbol.toStringTag, {
    value: tag,
    writable: false,
    enumerable: false,
    configurable: true,
  });
}

finishClass(Event, "Event");
// isTrusted is [LegacyUnforgeable]: Node leaves it non-configurable.
Object.defineProperty(Event.prototype, "isTrusted", { configurable: false });
finishClass(CustomEvent, "CustomEvent");
finishClass(EventTarget, "EventTarget");

// The phase constants live on the constructor only (Node 22).
const phases = ["NONE", "CAPTURING_PHASE", "AT_TARGET", "BUBBLING_PHASE"];
for (let i = 0; i < phases.length; i++) {
  Object.defineProperty(Event, phases[i], {
    value: i,
    writable: false,
    enumerable: true,
    configurable: false,
  });
}

exports.Event = Event;
exports.CustomEvent = CustomEvent;
exports.EventTarget = EventTarget;

// For sibling files only (abort.js, performance.js); not globals.
exports.internals = {
  kTrusted,
  kNewListener,
  kRemoveListener,
  addListener,
  defineEventHandler,
  isEvent,
};
