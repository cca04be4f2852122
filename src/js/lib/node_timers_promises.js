// node_timers_promises.js - `timers/promises`.
const t = require("timers");

function abortError(signal) {
  const err = new Error("The operation was aborted");
  err.name = "AbortError";
  err.code = "ABORT_ERR";
  if (signal && signal.reason !== undefined) err.cause = signal.reason;
  return err;
}

function wait(schedule, clear, delay, value, options = {}) {
  const { signal, ref = true } = options || {};
  if (signal && signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    let onAbort;
    const handle = schedule(() => {
      if (signal) signal.removeEventListener("abort", onAbort);
      resolve(value);
    }, delay);
    if (!ref && handle && handle.unref) handle.unref();
    if (signal) {
      onAbort = () => {
        clear(handle);
        reject(abortError(signal));
      };
      signal.addEventListener("abort", onAbort, { once: true });
    }
  });
}

exports.setTimeout = (delay, value, options) => wait(t.setTimeout, t.clearTimeout, delay, value, options);
exports.setImmediate = (value, options) => wait((f) => t.setImmediate(f), t.clearImmediate, 0, value, options);
exports.setInterval = async function* setInterval(delay, value, options = {}) {
  const { signal } = options || {};
  let pending = 0, wake = null;
  const handle = t.setInterval(() => {
    pending++;
    if (wake) { wake(); wake = null; }
  }, delay);
  try {
    for (;;) {
      if (signal && signal.aborted) throw abortError(signal);
      if (pending === 0) await new Promise((r) => { wake = r; if (signal) signal.addEventListener("abort", r, { once: true }); });
      if (signal && signal.aborted) throw abortError(signal);
      pending--;
      yield value;
    }
  } finally {
    t.clearInterval(handle);
  }
};
exports.scheduler = {
  wait: (delay, options) => exports.setTimeout(delay, undefined, options),
  yield: () => exports.setImmediate(),
};
