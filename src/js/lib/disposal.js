// disposal.js - `using` and `await using` (explicit resource management),
// which the engine does not parse: the transform (src/lang/parse.c,
// using_wrap) lowers a block that holds them to try/catch/finally over a
// disposal stack, as TypeScript does for ES2022, and calls these through the
// module record (ue: a new stack, ua: register a value, ud: dispose). Same
// checks, order and errors as TypeScript's helpers, so a program behaves as
// its tsc output does under Node.

function SuppressedError(error, suppressed, message) {
  const e = new Error(message);
  e.name = "SuppressedError";
  e.error = error;
  e.suppressed = suppressed;
  return e;
}

function newStack() {
  return { stack: [], error: undefined, hasError: false };
}

function add(env, value, isAsync) {
  if (value !== null && value !== undefined) {
    if (typeof value !== "object" && typeof value !== "function") throw new TypeError("Object expected.");
    let dispose, inner;
    if (isAsync) dispose = value[Symbol.asyncDispose];
    if (dispose === undefined) {
      dispose = value[Symbol.dispose];
      if (isAsync) inner = dispose;
    }
    if (typeof dispose !== "function") throw new TypeError("Object not disposable.");
    if (inner) {
      dispose = function () {
        try {
          inner.call(this);
        } catch (e) {
          return Promise.reject(e);
        }
      };
    }
    env.stack.push({ value, dispose, async: isAsync });
  } else if (isAsync) {
    env.stack.push({ async: true });
  }
  return value;
}

// Dispose in reverse order; an error during disposal is kept, a second one
// wraps the first as SuppressedError. Returns a promise when something was
// asynchronous, else throws or returns undefined.
function dispose(env) {
  const fail = (e) => {
    env.error = env.hasError ? SuppressedError(e, env.error, "An error was suppressed during disposal.") : e;
    env.hasError = true;
  };
  let r, s = 0;
  const next = () => {
    while ((r = env.stack.pop())) {
      try {
        if (!r.async && s === 1) {
          s = 0;
          env.stack.push(r);
          return Promise.resolve().then(next);
        }
        if (r.dispose) {
          const result = r.dispose.call(r.value);
          if (r.async) {
            s |= 2;
            return Promise.resolve(result).then(next, (e) => {
              fail(e);
              return next();
            });
          }
        } else {
          s |= 1;
        }
      } catch (e) {
        fail(e);
      }
    }
    if (s === 1) return env.hasError ? Promise.reject(env.error) : Promise.resolve();
    if (env.hasError) throw env.error;
  };
  return next();
}

exports.newStack = newStack;
exports.add = add;
exports.dispose = dispose;
