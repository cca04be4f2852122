// atomics_async.js - Atomics.waitAsync, which JavaScriptCore 2.50 lacks
// and Node has. No other thread can touch the guest's memory (there are no
// workers), so a waiter is woken only by this thread's Atomics.notify or by
// its timeout: the waiters are a list here, and bootstrap.js's notify asks
// this file once it is loaded.
"use strict";

const { setTimeout, clearTimeout } = require("timers");
const waiters = []; // { buffer, at (byte index), resolve, timer }

function byteIndex(ta, index) {
  return ta.byteOffset + Math.trunc(Number(index)) * ta.BYTES_PER_ELEMENT;
}

function remove(w) {
  const i = waiters.indexOf(w);
  if (i >= 0) waiters.splice(i, 1);
}

exports.waitAsync = (ta, index, value, timeout) => {
  // the checks of the arguments, the value's comparison and a zero timeout
  // are Atomics.wait's own (it throws the engine's TypeError/RangeError)
  if (Atomics.wait(ta, index, value, 0) === "not-equal") return { async: false, value: "not-equal" };
  let t = Number(timeout);
  t = Number.isNaN(t) ? Infinity : Math.max(t, 0);
  if (t === 0) return { async: false, value: "timed-out" };
  let resolve;
  const promise = new Promise((r) => { resolve = r; });
  const w = { buffer: ta.buffer, at: byteIndex(ta, index), resolve, timer: null };
  waiters.push(w);
  if (t !== Infinity) {
    // as in Node, a pending wait does not keep the process alive
    w.timer = setTimeout(() => { remove(w); resolve("timed-out"); }, t);
    w.timer.unref();
  }
  return { async: true, value: promise };
};

// Wakes up to `count` async waiters at ta[index] after the engine's notify
// woke `woken` (always 0 here); returns how many.
exports.notify = (ta, index, count, woken) => {
  let left = count === undefined ? Infinity : Math.max(Math.trunc(Number(count)) || 0, 0);
  left -= woken;
  const buffer = ta.buffer, at = byteIndex(ta, index);
  let done = 0;
  for (let i = 0; i < waiters.length && done < left;) {
    const w = waiters[i];
    if (w.buffer !== buffer || w.at !== at) { i++; continue; }
    waiters.splice(i, 1);
    if (w.timer) clearTimeout(w.timer);
    w.resolve("ok");
    done++;
  }
  return done;
};
