// timers.js - setTimeout/setInterval/setImmediate with Node's semantics.
// The timers wait in a binary heap ordered by (due time, creation order);
// C keeps a single libuv timer armed for the earliest and calls runTimer once
// per due timer, so that ticks and promise jobs run between two callbacks.

const TIMEOUT_MAX = 2 ** 31 - 1;
const { validateFunction } = require("tasks");
const ac = require("async_context");

let seq = 0;
let refed = 0; // active timers that keep the run alive
const heap = [];
const byId = new Map(); // ids handed out by Symbol.toPrimitive

function less(a, b) {
  return a._when < b._when || (a._when === b._when && a._seq < b._seq);
}
function push(t) {
  heap.push(t);
  let i = heap.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!less(heap[i], heap[p])) break;
    [heap[i], heap[p]] = [heap[p], heap[i]];
    i = p;
  }
}
function pop() {
  const top = heap[0];
  const last = heap.pop();
  if (heap.length) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l], heap[m])) m = l;
      if (r < heap.length && less(heap[r], heap[m])) m = r;
      if (m === i) break;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  }
  return top;
}
// Drop cleared timers from the top so that heap[0] is the next real one.
function peek() {
  while (heap.length && !heap[0]._active) pop();
  return heap[0];
}

function arm() {
  const next = peek();
  if (!next) host.timerArm(-1, false);
  else host.timerArm(Math.max(0, next._when - host.now()), refed > 0);
}

function delayOf(after) {
  after *= 1;
  if (!(after >= 1 && after <= TIMEOUT_MAX)) {
    if (after > TIMEOUT_MAX) {
      require("process").emitWarning(
        `${after} does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.`,
        "TimeoutOverflowWarning");
    }
    after = 1;
  }
  return after;
}

class Timeout {
  constructor(callback, after, args, isRepeat) {
    this._idleTimeout = after;
    this._onTimeout = callback;
    this._timerArgs = args;
    this._repeat = isRepeat ? after : null;
    this._destroyed = false;
    this._refed = true;
    this._active = false;
    this._seq = 0;
    this._when = 0;
    this._id = 0;
    this._ctx = ac.enabled ? ac.get() : null;
    schedule(this);
  }
  ref() {
    if (!this._refed) {
      this._refed = true;
      if (this._active) { refed++; arm(); }
    }
    return this;
  }
  unref() {
    if (this._refed) {
      this._refed = false;
      if (this._active) { refed--; arm(); }
    }
    return this;
  }
  hasRef() { return this._refed; }
  refresh() {
    if (this._active) { deactivate(this); schedule(this); }
    return this;
  }
  close() { clearTimeout(this); return this; }
  [Symbol.toPrimitive]() {
    if (!this._id) { this._id = ++seq; byId.set(this._id, this); }
    return this._id;
  }
}

function schedule(t) {
  t._when = host.now() + t._idleTimeout;
  t._seq = ++seq;
  t._active = true;
  if (t._refed) refed++;
  push(t);
  // Re-arm when this timer comes first, or when it is the one that now
  // keeps the run alive.
  if (heap[0] === t || peek() === t || (t._refed && refed === 1)) arm();
}

function deactivate(t) {
  if (!t._active) return;
  t._active = false;
  if (t._refed) refed--;
}

function setTimeout(callback, after, ...args) {
  validateFunction(callback, "callback");
  return new Timeout(callback, delayOf(after), args, false);
}

function setInterval(callback, repeat, ...args) {
  validateFunction(callback, "callback");
  return new Timeout(callback, delayOf(repeat), args, true);
}

function clearTimeout(timer) {
  if (timer && timer._onTimeout) {
    deactivate(timer);
    timer._destroyed = true;
    if (timer._id) byId.delete(timer._id);
    arm();
    return;
  }
  if (typeof timer === "number" || typeof timer === "string") {
    const t = byId.get(Number(timer));
    if (t) clearTimeout(t);
  }
}

// Called by C while timers are due; runs one and says whether it did.
function runTimer(now) {
  const t = peek();
  if (!t || t._when > now) {
    arm();
    return false;
  }
  pop();
  deactivate(t);
  const args = t._timerArgs;
  try {
    if (ac.enabled) ac.runIn(t._ctx, t._onTimeout, t, args);
    else if (args.length === 0) t._onTimeout();
    else t._onTimeout(...args);
  } finally {
    if (t._repeat !== null && !t._destroyed && !t._active) {
      t._idleTimeout = t._repeat;
      schedule(t);
    } else if (!t._active) {
      t._destroyed = true;
      if (t._id) byId.delete(t._id);
    }
  }
  return true;
}

// ------------------------------------------------------------- immediates

let immediates = [];
let phase = null; // the immediates of the check phase under way
let phaseIndex = 0;
let immRefed = 0;
let immPending = 0;

class Immediate {
  constructor(callback, args) {
    this._onImmediate = callback;
    this._argv = args;
    this._ctx = ac.enabled ? ac.get() : null;
    this._destroyed = false;
    this._refed = true;
    immRefed++;
    immPending++;
  }
  ref() {
    if (!this._refed && !this._destroyed) { this._refed = true; immRefed++; armImmediates(); }
    return this;
  }
  unref() {
    if (this._refed && !this._destroyed) { this._refed = false; immRefed--; armImmediates(); }
    return this;
  }
  hasRef() { return this._refed; }
}

function armImmediates() {
  host.immediateArm(immPending === 0 ? 0 : immRefed > 0 ? 1 : 2);
}

function retire(imm) {
  imm._destroyed = true;
  immPending--;
  if (imm._refed) immRefed--;
}

function setImmediate(callback, ...args) {
  validateFunction(callback, "callback");
  const imm = new Immediate(callback, args);
  immediates.push(imm);
  if (immPending === 1 || (imm._refed && immRefed === 1)) armImmediates();
  return imm;
}

function clearImmediate(imm) {
  if (!imm || !imm._onImmediate || imm._destroyed) return;
  retire(imm);
  armImmediates();
}

// Called by C in the check phase: runs the immediates that were queued
// before the phase began, one per call.
function runImmediate() {
  if (phase === null) {
    phase = immediates;
    phaseIndex = 0;
    immediates = [];
  }
  while (phaseIndex < phase.length && phase[phaseIndex]._destroyed) phaseIndex++;
  if (phaseIndex >= phase.length) {
    phase = null;
    armImmediates();
    return false;
  }
  const imm = phase[phaseIndex++];
  retire(imm);
  const args = imm._argv;
  if (ac.enabled) ac.runIn(imm._ctx, imm._onImmediate, imm, args);
  else if (args.length === 0) imm._onImmediate();
  else imm._onImmediate(...args);
  return true;
}

// util.promisify(setTimeout) is timers/promises' setTimeout, as in Node
// (an accessor, so that the file loads only when asked)
for (const [fn, name] of [[setTimeout, "setTimeout"], [setImmediate, "setImmediate"]])
  Object.defineProperty(fn, Symbol.for("nodejs.util.promisify.custom"), {
    enumerable: true,
    get() { return require("node_timers_promises")[name]; },
  });

exports.setTimeout = setTimeout;
exports.setInterval = setInterval;
exports.clearTimeout = clearTimeout;
exports.clearInterval = clearTimeout;
exports.setImmediate = setImmediate;
exports.clearImmediate = clearImmediate;
exports.Timeout = Timeout;
exports.Immediate = Immediate;
exports.runTimer = runTimer;
exports.runImmediate = runImmediate;
