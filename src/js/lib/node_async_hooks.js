// node_async_hooks.js - node:async_hooks: AsyncLocalStorage and
// AsyncResource over the frames of async_context.js.
//
// What differs from Node 22, and why:
// - createHook() hooks are never called: the engine reports no async
//   resources. enable() says so once, as a warning.
// - Async ids are ours: executionAsyncId() is 1 outside any AsyncResource,
//   the resource's own id inside runInAsyncScope().
// - exit() runs its callback with no store for this instance and keeps it
//   so for what the callback schedules (Node 22 shows the store again to
//   work scheduled inside exit(); Node 24 behaves as we do).

const ac = require("async_context");
const { codedError, invalidArgType } = require("web_errors");

const apply = Reflect.apply;
let nextId = 2;
let execId = 1;
let triggerId = 0;

function validateFunction(fn, name) {
  if (typeof fn !== "function") throw invalidArgType(name, "of type function", fn);
}

class AsyncLocalStorage {
  #enabled = false;

  constructor() {
    ac.enable();
  }

  static bind(fn) {
    return AsyncResource.bind(fn);
  }

  static snapshot() {
    return AsyncResource.bind(function runInAsyncScope(fn, ...args) {
      return apply(fn, this, args);
    });
  }

  disable() {
    this.#enabled = false;
  }

  getStore() {
    if (!this.#enabled) return undefined;
    const stores = ac.get().stores;
    return stores === null ? undefined : stores.get(this);
  }

  run(store, callback, ...args) {
    this.#enabled = true;
    return ac.runIn(ac.withStore(this, store), callback, null, args);
  }

  exit(callback, ...args) {
    if (!this.#enabled) return apply(callback, null, args);
    return ac.runIn(ac.withStore(this, undefined), callback, null, args);
  }

  enterWith(store) {
    this.#enabled = true;
    ac.set(ac.withStore(this, store));
  }
}

class AsyncResource {
  #frame;
  #id;
  #trigger;

  constructor(type, opts = {}) {
    if (typeof type !== "string") throw invalidArgType("type", "of type string", type);
    ac.enable();
    let trigger = execId;
    if (typeof opts === "number") trigger = opts;
    else if (opts !== null && typeof opts === "object" && opts.triggerAsyncId !== undefined) {
      trigger = opts.triggerAsyncId;
      if (!Number.isSafeInteger(trigger) || trigger < -1)
        throw codedError(RangeError, "ERR_INVALID_ASYNC_ID", `Invalid triggerAsyncId value: ${trigger}`);
    }
    this.#frame = ac.get();
    this.#id = nextId++;
    this.#trigger = trigger;
  }

  runInAsyncScope(fn, thisArg, ...args) {
    const saveExec = execId, saveTrigger = triggerId;
    execId = this.#id;
    triggerId = this.#trigger;
    try {
      return ac.runIn(this.#frame, fn, thisArg, args);
    } finally {
      execId = saveExec;
      triggerId = saveTrigger;
    }
  }

  emitDestroy() {
    return this;
  }

  asyncId() {
    return this.#id;
  }

  triggerAsyncId() {
    return this.#trigger;
  }

  bind(fn, thisArg) {
    validateFunction(fn, "fn");
    const resource = this;
    const bound = thisArg === undefined
      ? function (...args) { return resource.runInAsyncScope(fn, this, ...args); }
      : function (...args) { return resource.runInAsyncScope(fn, thisArg, ...args); };
    Object.defineProperties(bound, {
      name: { value: "bound", configurable: true },
      length: { value: fn.length, configurable: true },
      asyncResource: {
        get() {
          if (!deprecatedResource) {
            deprecatedResource = true;
            require("process").emitWarning("The asyncResource property on bound functions is deprecated",
              "DeprecationWarning", "DEP0172");
          }
          return resource;
        },
        configurable: true,
        enumerable: true,
      },
    });
    return bound;
  }

  static bind(fn, type, thisArg) {
    validateFunction(fn, "fn");
    type = type || fn.name || "bound-anonymous-fn";
    return new AsyncResource(type).bind(fn, thisArg);
  }
}

let warned = false;
let deprecatedResource = false;

class AsyncHook {
  constructor(callbacks) {
    for (const name of ["init", "before", "after", "destroy", "promiseResolve"]) {
      const cb = callbacks[name];
      if (cb !== undefined && typeof cb !== "function")
        throw codedError(TypeError, "ERR_ASYNC_CALLBACK", `hook.${name} must be a function`);
    }
  }

  enable() {
    if (!warned) {
      warned = true;
      require("process").emitWarning(
        "async_hooks.createHook(): the sandbox never calls init, before, after, destroy or promiseResolve hooks. " +
          "Use AsyncLocalStorage to carry context.",
        "UnsupportedWarning");
    }
    return this;
  }

  disable() {
    return this;
  }
}

function createHook(callbacks) {
  if (callbacks === null || typeof callbacks !== "object")
    throw invalidArgType("callbacks", "of type object", callbacks);
  return new AsyncHook(callbacks);
}

function executionAsyncResource() {
  const f = ac.get();
  if (f.resource === null) f.resource = {};
  return f.resource;
}

exports.AsyncLocalStorage = AsyncLocalStorage;
exports.AsyncResource = AsyncResource;
exports.createHook = createHook;
exports.executionAsyncId = () => execId;
exports.triggerAsyncId = () => triggerId;
exports.executionAsyncResource = executionAsyncResource;
exports.asyncWrapProviders = Object.freeze({ __proto__: null, NONE: 0, PROMISE: 1, TIMERWRAP: 2, TCPWRAP: 3, FSREQCALLBACK: 4 });
