// tasks.js - process.nextTick's queue, queueMicrotask, and unhandled
// rejections, in Node's order: after each callback the runtime hands us,
// every queued tick runs, then (when control returns to C) the engine drains
// its promise jobs, then rejections still unhandled are reported.

let queue = [];
let head = 0;
const rejections = [];

function validateFunction(fn, name) {
  if (typeof fn !== "function") {
    const err = new TypeError(`The "${name}" argument must be of type function. Received ${describe(fn)}`);
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }
}

function describe(v) {
  if (v == null) return String(v);
  if (typeof v === "function") return `function ${v.name}`;
  if (typeof v === "object") return v.constructor && v.constructor.name ? `an instance of ${v.constructor.name}` : require("inspect").inspect(v, { depth: -1 });
  let shown = require("inspect").inspect(v, { colors: false });
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return `type ${typeof v} (${shown})`;
}

function nextTick(fn, ...args) {
  validateFunction(fn, "callback");
  if (head === queue.length) host.markTicks();
  const ac = require("async_context");
  queue.push(ac.enabled ? ac.bind(fn) : fn, args);
}

function runTicks() {
  try {
    while (head < queue.length) {
      const fn = queue[head];
      const args = queue[head + 1];
      head += 2;
      if (args.length === 0) fn();
      else fn(...args);
    }
    queue = [];
    head = 0;
    if (rejections.length) processRejections();
  } finally {
    // A tick threw: the rest still run, in a later call.
    if (head < queue.length || rejections.length) host.markTicks();
  }
}

function queueMicrotask(fn) {
  validateFunction(fn, "callback");
  Promise.resolve().then(() => {
    try {
      fn();
    } catch (err) {
      require("process").handleUncaught(err);
    }
  });
}

function addRejection(promise, reason) {
  rejections.push(promise, reason);
}

function processRejections() {
  const process = require("process");
  while (rejections.length) {
    const promise = rejections.shift();
    const reason = rejections.shift();
    process.handleUnhandledRejection(reason, promise);
  }
}

exports.nextTick = nextTick;
exports.runTicks = runTicks;
exports.queueMicrotask = queueMicrotask;
exports.addRejection = addRejection;
exports.validateFunction = validateFunction;
exports.describe = describe;
