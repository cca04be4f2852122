// node_diagnostics_channel.js - Node's `diagnostics_channel`: named
// channels that publish to their subscribers synchronously, stores bound
// to channels (runStores), and tracing channels. Written from Node 22's
// documentation. Node's own modules publish nothing here (no http or net
// events); libraries' channels (pino, fastify, undici users) work.
"use strict";

const { nextTick } = require("tasks");

function invalidArgType(name, expected, value) {
  const err = new TypeError(`The "${name}" argument must be ${expected}. Received ${value === null ? "null" : typeof value}`);
  err.code = "ERR_INVALID_ARG_TYPE";
  return err;
}

function validateFunction(fn, name) {
  if (typeof fn !== "function") throw invalidArgType(name, "of type function", fn);
}

const channels = new Map(); // name -> WeakRef(Channel)
const registry = new FinalizationRegistry((name) => {
  const ref = channels.get(name);
  if (ref && ref.deref() === undefined) channels.delete(name);
});

class Channel {
  constructor(name) {
    this._subscribers = [];
    this._stores = new Map();
    this.name = name;
  }

  static [Symbol.hasInstance](instance) {
    return instance !== null && typeof instance === "object" && Array.isArray(instance._subscribers) &&
      instance._stores instanceof Map;
  }

  get hasSubscribers() {
    return this._subscribers.length > 0 || this._stores.size > 0;
  }

  subscribe(subscription) {
    validateFunction(subscription, "subscription");
    this._subscribers = [...this._subscribers, subscription];
  }

  unsubscribe(subscription) {
    const i = this._subscribers.indexOf(subscription);
    if (i === -1) return false;
    this._subscribers = this._subscribers.filter((_, k) => k !== i);
    return true;
  }

  bindStore(store, transform) {
    this._stores.set(store, transform);
  }

  unbindStore(store) {
    return this._stores.delete(store);
  }

  publish(data) {
    for (const fn of this._subscribers) {
      try {
        fn(data, this.name);
      } catch (err) {
        // a subscriber's error must not break the publisher: it surfaces
        // as an uncaught exception on the next tick, as in Node
        nextTick(() => { throw err; });
      }
    }
  }

  runStores(data, fn, thisArg, ...args) {
    validateFunction(fn, "fn");
    let run = () => {
      this.publish(data);
      return Reflect.apply(fn, thisArg, args);
    };
    for (const [store, transform] of this._stores) {
      const inner = run;
      let value = data;
      if (transform) {
        try {
          value = transform(data);
        } catch (err) {
          nextTick(() => { throw err; });
          continue;
        }
      }
      run = () => store.run(value, inner);
    }
    return run();
  }
}

function channel(name) {
  const ref = channels.get(name);
  const existing = ref && ref.deref();
  if (existing) return existing;
  if (typeof name !== "string" && typeof name !== "symbol") {
    throw invalidArgType("channel", "of type string or symbol", name);
  }
  const ch = new Channel(name);
  channels.set(name, new WeakRef(ch));
  registry.register(ch, name);
  return ch;
}

// subscribe(name, fn) keeps its channel alive while subscribed
const held = new Map();

function subscribe(name, subscription) {
  const ch = channel(name);
  held.set(name, ch);
  ch.subscribe(subscription);
}

function unsubscribe(name, subscription) {
  const ch = channel(name);
  const removed = ch.unsubscribe(subscription);
  if (!ch.hasSubscribers) held.delete(name);
  return removed;
}

function hasSubscribers(name) {
  const ref = channels.get(name);
  const ch = ref && ref.deref();
  return ch ? ch.hasSubscribers : false;
}

const traceEvents = ["start", "end", "asyncStart", "asyncEnd", "error"];

class TracingChannel {
  constructor(nameOrChannels) {
    if (typeof nameOrChannels === "string") {
      for (const ev of traceEvents) this[ev] = channel(`tracing:${nameOrChannels}:${ev}`);
    } else if (nameOrChannels !== null && typeof nameOrChannels === "object") {
      for (const ev of traceEvents) {
        const ch = nameOrChannels[ev];
        if (!(ch instanceof Channel)) throw invalidArgType(`nameOrChannels.${ev}`, "an instance of Channel", ch);
        this[ev] = ch;
      }
    } else {
      throw invalidArgType("nameOrChannels", "of type string or an instance of TracingChannel or Object", nameOrChannels);
    }
  }

  get hasSubscribers() {
    return traceEvents.some((ev) => this[ev].hasSubscribers);
  }

  subscribe(handlers) {
    for (const ev of traceEvents) if (handlers[ev]) this[ev].subscribe(handlers[ev]);
  }

  unsubscribe(handlers) {
    let done = true;
    for (const ev of traceEvents) if (handlers[ev] && !this[ev].unsubscribe(handlers[ev])) done = false;
    return done;
  }

  traceSync(fn, context = {}, thisArg, ...args) {
    if (!this.hasSubscribers) return Reflect.apply(fn, thisArg, args);
    const { start, end, error } = this;
    return start.runStores(context, () => {
      try {
        const result = Reflect.apply(fn, thisArg, args);
        context.result = result;
        return result;
      } catch (err) {
        context.error = err;
        error.publish(context);
        throw err;
      } finally {
        end.publish(context);
      }
    });
  }

  tracePromise(fn, context = {}, thisArg, ...args) {
    if (!this.hasSubscribers) return Reflect.apply(fn, thisArg, args);
    const { start, end, asyncStart, asyncEnd, error } = this;
    const reject = (err) => {
      context.error = err;
      error.publish(context);
      asyncStart.publish(context);
      asyncEnd.publish(context);
      return Promise.reject(err);
    };
    const resolve = (result) => {
      context.result = result;
      asyncStart.publish(context);
      asyncEnd.publish(context);
      return result;
    };
    return start.runStores(context, () => {
      try {
        let promise = Reflect.apply(fn, thisArg, args);
        if (!(promise instanceof Promise)) promise = Promise.resolve(promise);
        return promise.then(resolve, reject);
      } catch (err) {
        context.error = err;
        error.publish(context);
        throw err;
      } finally {
        end.publish(context);
      }
    });
  }

  traceCallback(fn, position = -1, context = {}, thisArg, ...args) {
    if (!this.hasSubscribers) return Reflect.apply(fn, thisArg, args);
    const { start, end, asyncStart, asyncEnd, error } = this;
    const at = position < 0 ? args.length + position : position;
    const callback = args[at];
    validateFunction(callback, "callback");
    args[at] = function wrappedCallback(err, res) {
      if (err) {
        context.error = err;
        error.publish(context);
      } else {
        context.result = res;
      }
      return asyncStart.runStores(context, () => {
        try {
          return Reflect.apply(callback, this, arguments);
        } finally {
          asyncEnd.publish(context);
        }
      });
    };
    return start.runStores(context, () => {
      try {
        return Reflect.apply(fn, thisArg, args);
      } catch (err) {
        context.error = err;
        error.publish(context);
        throw err;
      } finally {
        end.publish(context);
      }
    });
  }
}

function tracingChannel(nameOrChannels) {
  return new TracingChannel(nameOrChannels);
}

Object.assign(exports, { channel, hasSubscribers, subscribe, unsubscribe, tracingChannel, Channel });
