// node_stream.js - Node's `stream` module: Stream (legacy), Readable,
// Writable, Duplex, Transform, PassThrough, pipeline, finished, compose,
// addAbortSignal, duplexPair and the helpers, with Node 22's semantics.
//
// Written from Node's documentation and its observed behaviour (event
// order logs of many scenarios, compared in tests/lib/stream_vs_node.js).
// What user code can see is kept as in Node: the `_readableState` and
// `_writableState` objects with their usual fields (libraries read them),
// the order of events, and which work happens synchronously, on the next
// tick (tasks.nextTick) or in a promise job.
//
// The module's value (exports.module) is the legacy Stream constructor,
// carrying Readable, Writable, ... as properties, as in Node.
//
// The module is in parts: stream_common.js (what they share: errors,
// checks, high water marks, the legacy Stream, destroy, the predicates,
// finished, addAbortSignal), stream_readable.js (Readable) and
// stream_writable.js (Writable, Duplex, Transform, PassThrough, duplexPair).
// This file keeps pipeline, Duplex.from and compose, the operators, and the
// module object.

"use strict";

const {
  AbortError, E, Stream, addAbortSignal, addAbortSignalNoValidate, callOnce, combineErrors,
  destroyAny, errCode, errorOrDestroy, finished, finishedPromise, getDefaultHighWaterMark,
  isDestroyed, isDisturbed, isDuplexNodeStream, isErrored, isIterable, isNodeStream, isReadable,
  isReadableFinished, isReadableNodeStream, isUint8Array, isWebStream, isWritable,
  isWritableNodeStream, kEmptyResult, kEndOfStream, nextTick, nop, onAbort, setDefaultHighWaterMark,
  toBuffer, validateAbortSignal, validateFunction, validateInteger, validateObject, webAsNodeStream,
} = require("stream_common");
const { invalidArgType, outOfRange } = require("web_errors");
const { Readable, readableFromIterable } = require("stream_readable");
const { Duplex, PassThrough, Transform, Writable, duplexPair } = require("stream_writable");

// ---------------------------------------------------------------------------
// pipeline

function pipeline(...streams) {
  validateFunction(streams[streams.length - 1], "streams[stream.length - 1]");
  const callback = callOnce(streams.pop());
  return runPipeline(streams, callback);
}

// Ends the pipeline's streams on failure; `cleanup` stops watching.
function pipelineDestroyer(stream, reading, writing) {
  let done = false;
  stream.on("close", () => { done = true; });
  const cleanup = finished(stream, { readable: reading, writable: writing }, (err) => {
    done = !err;
  });
  return {
    destroy: (err) => {
      if (done) return;
      done = true;
      destroyAny(stream, err || E.destroyed("pipe"));
    },
    cleanup,
  };
}

function asAsyncIterable(val) {
  if (isIterable(val)) return val;
  if (isReadableNodeStream(val)) return readableAsIterable(val);
  throw invalidArgType("val", "an instance of Readable, Iterable, or AsyncIterable", val);
}

async function* readableAsIterable(val) {
  yield* Readable.prototype[Symbol.asyncIterator].call(val);
}

// Write an (async) iterable into a Node writable, honouring backpressure.
async function pumpInto(iterable, writable, finish, { end }) {
  let error;
  let onResolve = null;
  const resume = (err) => {
    if (err) error = err;
    if (onResolve) {
      const cb = onResolve;
      onResolve = null;
      cb();
    }
  };
  const wait = () => new Promise((resolve, reject) => {
    if (error) {
      reject(error);
    } else {
      onResolve = () => {
        if (error) reject(error);
        else resolve();
      };
    }
  });
  writable.on("drain", resume);
  const cleanup = finished(writable, { readable: false }, resume);
  try {
    if (writable.writableNeedDrain) await wait();
    for await (const chunk of iterable) {
      if (!writable.write(chunk)) await wait();
    }
    if (end) {
      writable.end();
      await wait();
    }
    finish();
  } catch (err) {
    finish(error !== err ? combineErrors(error, err) : err);
  } finally {
    cleanup();
    writable.off("drain", resume);
  }
}

// `finish` counts a side as done (with or without an error); `fail` only
// records an error.
function pipeStreams(src, dst, finish, fail, { end }) {
  let ended = false;
  dst.on("close", () => {
    // the destination closed before the source was done
    if (!ended) fail(E.prematureClose());
  });
  src.pipe(dst, { end: false });
  let dstCleanup = nop;
  if (end) {
    const endDst = () => {
      ended = true;
      dst.end();
    };
    if (isReadableFinished(src)) nextTick(endDst);
    else src.once("end", endDst);
    dstCleanup = finished(dst, { readable: false, writable: true }, finish);
  } else {
    finish();
  }
  finished(src, { readable: true, writable: false }, (err) => {
    const r = src._readableState;
    if (err && err.code === "ERR_STREAM_PREMATURE_CLOSE" && r && r.ended && !r.errored && !r.errorEmitted) {
      // 'close' before 'end' on a source that did end: wait for 'end'.
      src.once("end", finish).once("error", finish);
    } else {
      finish(err);
    }
  });
  return dstCleanup;
}

function runPipeline(streams, callback, opts) {
  if (streams.length === 1 && Array.isArray(streams[0])) streams = streams[0];
  if (streams.length < 2) throw E.missingArgs("streams");
  // Web streams take part through their Node adapters.
  streams = streams.map((stream) => webAsNodeStream(stream, false) || stream);

  const { AbortController } = require("abort");
  const ac = new AbortController();
  const signal = ac.signal;
  const outerSignal = opts && opts.signal;
  const lastCleanups = [];
  validateAbortSignal(outerSignal, "options.signal");

  function abort() {
    finishWith(new AbortError(undefined, { cause: outerSignal && outerSignal.reason }));
  }
  let stopOuter = null;
  if (outerSignal) stopOuter = onAbort(outerSignal, abort);

  let error;
  let value;
  const destroys = [];
  let pending = 0;

  function finish(err) {
    finishWith(err, --pending === 0);
  }

  function finishWith(err, final) {
    if (err && (!error || error.code === "ERR_STREAM_PREMATURE_CLOSE")) error = err;
    if (!error && !final) return;
    while (destroys.length) destroys.shift()(error);
    if (stopOuter) stopOuter();
    ac.abort();
    if (final) {
      if (!error) lastCleanups.forEach((fn) => fn());
      nextTick(callback, error, value);
    }
  }

  let ret;
  for (let i = 0; i < streams.length; i++) {
    const stream = streams[i];
    const reading = i < streams.length - 1;
    const writing = i > 0;
    const end = reading || !opts || opts.end !== false;
    const isLast = i === streams.length - 1;

    if (isNodeStream(stream)) {
      if (end) {
        const { destroy, cleanup } = pipelineDestroyer(stream, reading, writing);
        destroys.push(destroy);
        if (isReadable(stream) && isLast) lastCleanups.push(cleanup);
      }
      // An error event fails the pipeline at once (its completion is
      // still counted by the watchers below).
      const onError = (err) => {
        if (err && err.name !== "AbortError" && err.code !== "ERR_STREAM_PREMATURE_CLOSE") finishWith(err, false);
      };
      stream.on("error", onError);
      if (isReadable(stream) && isLast) lastCleanups.push(() => { stream.removeListener("error", onError); });
    }

    if (i === 0) {
      if (typeof stream === "function") {
        ret = stream({ signal });
        if (!isIterable(ret)) throw E.invalidReturn("Iterable, AsyncIterable or Stream", "source", ret);
      } else if (isIterable(stream) || isReadableNodeStream(stream)) {
        ret = stream;
      } else {
        ret = Duplex.from(stream);
      }
    } else if (typeof stream === "function") {
      ret = asAsyncIterable(ret);
      ret = stream(ret, { signal });
      if (reading) {
        if (!isIterable(ret, true)) throw E.invalidReturn("AsyncIterable", `transform[${i - 1}]`, ret);
      } else {
        // The last function's result goes through a PassThrough, so that
        // pipeline() always returns a stream.
        const pt = new PassThrough({ objectMode: true });
        const then = ret && ret.then;
        if (typeof then === "function") {
          pending++;
          then.call(ret, (val) => {
            value = val;
            if (val != null) pt.write(val);
            if (end) pt.end();
            nextTick(finish);
          }, (err) => {
            pt.destroy(err);
            nextTick(finish, err);
          });
        } else if (isIterable(ret, true)) {
          pending++;
          pumpInto(ret, pt, finish, { end });
        } else {
          throw E.invalidReturn("AsyncIterable or Promise", "destination", ret);
        }
        ret = pt;
        const { destroy, cleanup } = pipelineDestroyer(ret, false, true);
        destroys.push(destroy);
        if (isLast) lastCleanups.push(cleanup);
      }
    } else if (isNodeStream(stream)) {
      if (isReadableNodeStream(ret)) {
        pending += 2;
        const cleanup = pipeStreams(ret, stream, finish, (err) => finishWith(err, false), { end });
        if (isReadable(stream) && isLast) lastCleanups.push(cleanup);
      } else if (isIterable(ret)) {
        pending++;
        pumpInto(ret, stream, finish, { end });
      } else {
        throw invalidArgType("val",
          "an instance of Readable, Iterable, AsyncIterable, ReadableStream, or TransformStream", ret);
      }
      ret = stream;
    } else {
      ret = Duplex.from(stream);
    }
  }

  if ((signal && signal.aborted) || (outerSignal && outerSignal.aborted)) nextTick(abort);
  return ret;
}

function pipelinePromise(...streams) {
  return new Promise((resolve, reject) => {
    let signal;
    let end;
    const last = streams[streams.length - 1];
    if (last && typeof last === "object" && !isNodeStream(last) && !isIterable(last) &&
        !isWebStream(last) && !isWebStream(last.writable)) {
      const options = streams.pop();
      signal = options.signal;
      end = options.end;
    }
    runPipeline(streams, (err, value) => {
      if (err) reject(err);
      else resolve(value);
    }, { signal, end });
  });
}

Object.defineProperty(pipelinePromise, "name", { value: "pipeline" });
Object.defineProperty(finishedPromise, "name", { value: "finished" });

const promisifyCustom = Symbol.for("nodejs.util.promisify.custom");
Object.defineProperty(pipeline, promisifyCustom, {
  enumerable: true,
  configurable: true,
  get() { return pipelinePromise; },
});
Object.defineProperty(finished, promisifyCustom, {
  enumerable: true,
  configurable: true,
  get() { return finishedPromise; },
});
finished.finished = finished;

// ---------------------------------------------------------------------------
// Duplex.from and compose

Duplex.from = function from(body) {
  return duplexFrom(body, "body");
};

function duplexFrom(body, name) {
  if (isDuplexNodeStream(body)) return body;
  const web = webAsNodeStream(body, true);
  if (web !== null) return web;
  if (isReadableNodeStream(body)) return duplexOfPair({ readable: body });
  if (isWritableNodeStream(body)) return duplexOfPair({ writable: body });
  if (isNodeStream(body)) return duplexOfPair({ writable: false, readable: false });

  if (typeof body === "function") {
    const { value, write, final, destroy } = fromAsyncGenerator(body);
    if (isIterable(value)) {
      return readableFromIterable(Duplexify, value, { objectMode: true, write, final, destroy });
    }
    const then = value && value.then;
    if (typeof then === "function") {
      let d;
      const promise = then.call(value, (val) => {
        if (val != null) throw E.invalidReturn("nully", "body", val);
      }, (err) => {
        destroyAny(d, err);
      });
      d = new Duplexify({
        objectMode: true,
        readable: false,
        write,
        final(cb) {
          final(async () => {
            try {
              await promise;
              nextTick(cb, null);
            } catch (err) {
              nextTick(cb, err);
            }
          });
        },
        destroy,
      });
      return d;
    }
    throw E.invalidReturn("Iterable, AsyncIterable or AsyncFunction", name, value);
  }

  const { Blob } = require("node_buffer");
  if (body instanceof Blob) return duplexFrom(body.arrayBuffer(), name);

  if (isIterable(body)) return readableFromIterable(Duplexify, body, { objectMode: true, writable: false });

  if (body && (typeof body.writable === "object" || typeof body.readable === "object")) {
    const readable = body.readable
      ? (isReadableNodeStream(body.readable) ? body.readable : duplexFrom(body.readable)) : undefined;
    const writable = body.writable
      ? (isWritableNodeStream(body.writable) ? body.writable : duplexFrom(body.writable)) : undefined;
    return duplexOfPair({ readable, writable });
  }

  const then = body && body.then;
  if (typeof then === "function") {
    let d;
    then.call(body, (val) => {
      if (val != null) d.push(val);
      d.push(null);
    }, (err) => {
      destroyAny(d, err);
    });
    d = new Duplexify({ objectMode: true, writable: false, read() {} });
    return d;
  }

  throw invalidArgType(name, "of type function or an instance of Blob, ReadableStream, WritableStream, " +
    "Stream, Iterable, AsyncIterable, or Promise or { readable, writable } pair", body);
}

class Duplexify extends Duplex {
  constructor(options) {
    super(options);
    if (options && options.readable === false) {
      this._readableState.readable = false;
      this._readableState.ended = true;
      this._readableState.endEmitted = true;
    }
    if (options && options.writable === false) {
      this._writableState.writable = false;
      this._writableState.ending = true;
      this._writableState.ended = true;
      this._writableState.finished = true;
    }
  }
}

// An async generator function as a Duplex: writes feed its argument (an
// async iterable), what it yields is read.
function fromAsyncGenerator(fn) {
  // `next` settles with the next write (or the end); write() and final()
  // resolve it, the generator then makes the next one.
  let { promise: next, resolve: settleNext } = makeDeferred();
  const { AbortController } = require("abort");
  const ac = new AbortController();
  const signal = ac.signal;
  const value = fn(async function* () {
    while (true) {
      const pending = next;
      next = null;
      const { chunk, done, cb } = await pending;
      nextTick(cb);
      if (done) return;
      if (signal.aborted) throw new AbortError(undefined, { cause: signal.reason });
      ({ promise: next, resolve: settleNext } = makeDeferred());
      yield chunk;
    }
  }(), { signal });
  return {
    value,
    write(chunk, encoding, cb) {
      const settle = settleNext;
      settleNext = null;
      settle({ chunk, done: false, cb });
    },
    final(cb) {
      const settle = settleNext;
      settleNext = null;
      settle({ done: true, cb });
    },
    destroy(err, cb) {
      ac.abort();
      cb(err);
    },
  };
}

function makeDeferred() {
  let resolve, reject;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// A Duplex over a readable and/or a writable stream.
function duplexOfPair(pair) {
  const r = pair.readable && typeof pair.readable.read !== "function" ? Readable.wrap(pair.readable) : pair.readable;
  const w = pair.writable;
  let readable = !!isReadable(r);
  let writable = !!isWritable(w);
  let ondrain, onfinish, onreadable, onclose, d;

  function onfinished(err) {
    const cb = onclose;
    onclose = null;
    if (cb) cb(err);
    else if (err) d.destroy(err);
  }

  d = new Duplexify({
    readableObjectMode: !!(r && r.readableObjectMode),
    writableObjectMode: !!(w && w.writableObjectMode),
    readable,
    writable,
  });

  if (writable) {
    finished(w, (err) => {
      writable = false;
      if (err) destroyAny(r, err);
      onfinished(err);
    });
    d._write = function (chunk, encoding, callback) {
      if (w.write(chunk, encoding)) callback();
      else ondrain = callback;
    };
    d._final = function (callback) {
      w.end();
      onfinish = callback;
    };
    w.on("drain", () => {
      if (ondrain) {
        const cb = ondrain;
        ondrain = null;
        cb();
      }
    });
    w.on("finish", () => {
      if (onfinish) {
        const cb = onfinish;
        onfinish = null;
        cb();
      }
    });
  }

  if (readable) {
    finished(r, (err) => {
      readable = false;
      if (err) destroyAny(r, err);
      onfinished(err);
    });
    r.on("readable", () => {
      if (onreadable) {
        const cb = onreadable;
        onreadable = null;
        cb();
      }
    });
    r.on("end", () => { d.push(null); });
    d._read = function () {
      while (true) {
        const buf = r.read();
        if (buf === null) {
          onreadable = d._read;
          return;
        }
        if (!d.push(buf)) return;
      }
    };
  }

  d._destroy = function (err, callback) {
    if (!err && onclose !== null) err = new AbortError();
    onreadable = null;
    ondrain = null;
    onfinish = null;
    if (onclose === null) {
      callback(err);
    } else {
      onclose = callback;
      destroyAny(w, err);
      destroyAny(r, err);
    }
  };
  return d;
}

function compose(...streams) {
  if (streams.length === 0) throw E.missingArgs("streams");
  if (streams.length === 1) return Duplex.from(streams[0]);
  const original = [...streams];
  if (typeof streams[0] === "function") streams[0] = Duplex.from(streams[0]);
  if (typeof streams[streams.length - 1] === "function") {
    const idx = streams.length - 1;
    streams[idx] = Duplex.from(streams[idx]);
  }
  for (let n = 0; n < streams.length; ++n) {
    if (!isNodeStream(streams[n])) continue;
    if (n < streams.length - 1 && !isReadable(streams[n])) {
      throw E.argValueReason(`streams[${n}]`, original[n], "must be readable");
    }
    if (n > 0 && !isWritable(streams[n])) {
      throw E.argValueReason(`streams[${n}]`, original[n], "must be writable");
    }
  }

  let ondrain, onfinish, onreadable, onclose, d;

  function onfinished(err) {
    const cb = onclose;
    onclose = null;
    if (cb) cb(err);
    else if (err) d.destroy(err);
    else if (!readable && !writable) d.destroy();
  }

  const head = streams[0];
  const tail = pipeline(streams, onfinished);
  const writable = !!isWritable(head);
  const readable = !!isReadable(tail);

  d = new Duplex({
    writableObjectMode: !!(head && head.writableObjectMode),
    readableObjectMode: !!(tail && tail.readableObjectMode),
    writable,
    readable,
  });

  if (writable) {
    d._write = function (chunk, encoding, callback) {
      if (head.write(chunk, encoding)) callback();
      else ondrain = callback;
    };
    d._final = function (callback) {
      head.end();
      onfinish = callback;
    };
    head.on("drain", () => {
      if (ondrain) {
        const cb = ondrain;
        ondrain = null;
        cb();
      }
    });
    finished(tail, () => {
      if (onfinish) {
        const cb = onfinish;
        onfinish = null;
        cb();
      }
    });
  }

  if (readable) {
    tail.on("readable", () => {
      if (onreadable) {
        const cb = onreadable;
        onreadable = null;
        cb();
      }
    });
    tail.on("end", () => { d.push(null); });
    d._read = function () {
      while (true) {
        const buf = tail.read();
        if (buf === null) {
          onreadable = d._read;
          return;
        }
        if (!d.push(buf)) return;
      }
    };
  }

  d._destroy = function (err, callback) {
    if (!err && onclose !== null) err = new AbortError();
    onreadable = null;
    ondrain = null;
    onfinish = null;
    if (onclose === null) {
      callback(err);
    } else {
      onclose = callback;
      if (isNodeStream(tail)) destroyAny(tail, err);
    }
  };
  return d;
}

// ---------------------------------------------------------------------------
// Readable's iterator helpers (Node 22's experimental operators)

function checkOperatorOptions(options) {
  if (options != null) validateObject(options, "options");
  if (options != null && options.signal != null) validateAbortSignal(options.signal, "options.signal");
}

function anySignal(signals) {
  const { AbortSignal } = require("abort");
  return AbortSignal.any(signals);
}

function mapOperator(fn, options) {
  validateFunction(fn, "fn");
  checkOperatorOptions(options);
  let concurrency = 1;
  if (options && options.concurrency != null) concurrency = Math.floor(options.concurrency);
  let highWaterMark = concurrency - 1;
  if (options && options.highWaterMark != null) highWaterMark = Math.floor(options.highWaterMark);
  validateInteger(concurrency, "options.concurrency", 1);
  validateInteger(highWaterMark, "options.highWaterMark", 0);
  highWaterMark += concurrency;
  const stream = this;

  return (async function* map() {
    const signal = anySignal([options && options.signal].filter(Boolean));
    const signalOpt = { signal };
    // Promises of results, in input order; kEndOfStream ends the list.
    const queue = [];
    let wakeConsumer = null;
    let wakeProducer = null;
    let done = false;
    let running = 0;

    const maybeResume = () => {
      if (wakeProducer && !done && running < concurrency && queue.length < highWaterMark) {
        const fn2 = wakeProducer;
        wakeProducer = null;
        fn2();
      }
    };
    const settled = () => {
      running -= 1;
      maybeResume();
    };
    const failed = () => {
      done = true;
      settled();
    };
    const wake = () => {
      if (wakeConsumer) {
        const fn2 = wakeConsumer;
        wakeConsumer = null;
        fn2();
      }
    };

    async function produce() {
      try {
        for await (let val of stream) {
          if (done) return;
          if (signal.aborted) throw new AbortError();
          try {
            val = fn(val, signalOpt);
            if (val === kEmptyResult) continue;
            val = Promise.resolve(val);
          } catch (err) {
            val = Promise.reject(err);
          }
          running += 1;
          val.then(settled, failed);
          queue.push(val);
          wake();
          if (!done && (queue.length >= highWaterMark || running >= concurrency)) {
            await new Promise((resolve) => { wakeProducer = resolve; });
          }
        }
        queue.push(kEndOfStream);
      } catch (err) {
        const val = Promise.reject(err);
        val.then(settled, failed);
        queue.push(val);
      } finally {
        done = true;
        wake();
      }
    }

    produce();

    try {
      while (true) {
        while (queue.length > 0) {
          const val = await queue[0];
          if (val === kEndOfStream) return;
          if (signal.aborted) throw new AbortError();
          if (val !== kEmptyResult) yield val;
          queue.shift();
          maybeResume();
        }
        await new Promise((resolve) => { wakeConsumer = resolve; });
      }
    } finally {
      done = true;
      if (wakeProducer) {
        const fn2 = wakeProducer;
        wakeProducer = null;
        fn2();
      }
    }
  })();
}

function filterOperator(fn, options) {
  validateFunction(fn, "fn");
  async function keep(value, opts) {
    if (await fn(value, opts)) return value;
    return kEmptyResult;
  }
  return mapOperator.call(this, keep, options);
}

function flatMapOperator(fn, options) {
  const values = mapOperator.call(this, fn, options);
  return (async function* flatMap() {
    for await (const val of values) yield* val;
  })();
}

function toNonNegativeCount(number) {
  number = Number(number);
  if (Number.isNaN(number)) return 0;
  if (number < 0) throw outOfRange("number", ">= 0", number);
  return number;
}

function dropOperator(number, options) {
  checkOperatorOptions(options);
  number = toNonNegativeCount(number);
  const stream = this;
  return (async function* drop() {
    if (options && options.signal && options.signal.aborted) throw new AbortError();
    for await (const val of stream) {
      if (options && options.signal && options.signal.aborted) throw new AbortError();
      if (number-- <= 0) yield val;
    }
  })();
}

function takeOperator(number, options) {
  checkOperatorOptions(options);
  number = toNonNegativeCount(number);
  const stream = this;
  return (async function* take() {
    if (options && options.signal && options.signal.aborted) throw new AbortError();
    for await (const val of stream) {
      if (options && options.signal && options.signal.aborted) throw new AbortError();
      if (number-- > 0) yield val;
      // stop without pulling another value
      if (number <= 0) return;
    }
  })();
}

async function someOperator(fn, options) {
  for await (const unused of filterOperator.call(this, fn, options)) {
    void unused;
    return true;
  }
  return false;
}

async function everyOperator(fn, options) {
  validateFunction(fn, "fn");
  return !(await someOperator.call(this, async (...args) => !(await fn(...args)), options));
}

async function findOperator(fn, options) {
  for await (const result of filterOperator.call(this, fn, options)) return result;
  return undefined;
}

async function forEachOperator(fn, options) {
  validateFunction(fn, "fn");
  async function each(value, opts) {
    await fn(value, opts);
    return kEmptyResult;
  }
  for await (const unused of mapOperator.call(this, each, options)) void unused;
}

async function toArrayOperator(options) {
  checkOperatorOptions(options);
  const result = [];
  for await (const val of this) {
    if (options && options.signal && options.signal.aborted) {
      throw new AbortError(undefined, { cause: options.signal.reason });
    }
    result.push(val);
  }
  return result;
}

async function reduceOperator(reducer, initialValue, options) {
  validateFunction(reducer, "reducer");
  checkOperatorOptions(options);
  let hasInitial = arguments.length > 1;
  if (options && options.signal && options.signal.aborted) {
    const err = new AbortError(undefined, { cause: options.signal.reason });
    this.once("error", () => {});
    await finishedPromise(this.destroy(err));
    throw err;
  }
  const { AbortController } = require("abort");
  const ac = new AbortController();
  const signal = ac.signal;
  if (options && options.signal) {
    options.signal.addEventListener("abort", () => ac.abort(), { once: true });
  }
  let gotAny = false;
  try {
    for await (const value of this) {
      gotAny = true;
      if (options && options.signal && options.signal.aborted) throw new AbortError();
      if (!hasInitial) {
        initialValue = value;
        hasInitial = true;
      } else {
        initialValue = await reducer(initialValue, value, { signal });
      }
    }
    if (!gotAny && !hasInitial) {
      throw errCode(TypeError, "ERR_MISSING_ARGS", "Reduce of an empty stream requires an initial value");
    }
  } finally {
    ac.abort();
  }
  return initialValue;
}

function composeOperator(stream, options) {
  checkOperatorOptions(options);
  if (isNodeStream(stream) && !isWritable(stream)) {
    throw E.argValueReason("stream", stream, "must be writable");
  }
  const composed = compose(this, stream);
  if (options && options.signal) addAbortSignalNoValidate(options.signal, composed);
  return composed;
}

const streamOperators = {
  drop: dropOperator,
  filter: filterOperator,
  flatMap: flatMapOperator,
  map: mapOperator,
  take: takeOperator,
};
const promiseOperators = {
  every: everyOperator,
  forEach: forEachOperator,
  reduce: reduceOperator,
  toArray: toArrayOperator,
  some: someOperator,
  find: findOperator,
};

for (const [key, op] of Object.entries(streamOperators)) {
  Object.defineProperty(Readable.prototype, key, {
    value: { [key](...args) {
      if (new.target) throw errCode(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
      return Readable.from(Reflect.apply(op, this, args));
    } }[key],
    enumerable: false,
    configurable: true,
    writable: true,
  });
}
Object.defineProperty(Readable.prototype, "compose", {
  value: function compose_(stream, options) { return composeOperator.call(this, stream, options); },
  enumerable: false,
  configurable: true,
  writable: true,
});
Object.defineProperty(Readable.prototype.compose, "name", { value: "compose" });
for (const [key, op] of Object.entries(promiseOperators)) {
  Object.defineProperty(Readable.prototype, key, {
    value: { [key](...args) {
      if (new.target) throw errCode(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
      return Reflect.apply(op, this, args);
    } }[key],
    enumerable: false,
    configurable: true,
    writable: true,
  });
}

// ---------------------------------------------------------------------------
// The module

Stream.isDestroyed = isDestroyed;
Stream.isDisturbed = isDisturbed;
Stream.isErrored = isErrored;
Stream.isReadable = isReadable;
Stream.isWritable = isWritable;
Stream.Readable = Readable;
Stream.Writable = Writable;
Stream.Duplex = Duplex;
Stream.Transform = Transform;
Stream.PassThrough = PassThrough;
Stream.duplexPair = duplexPair;
Stream.pipeline = pipeline;
Stream.addAbortSignal = addAbortSignal;
Stream.finished = finished;
Stream.destroy = destroyAny;
Object.defineProperty(destroyAny, "name", { value: "destroyer" });
Stream.compose = compose;
Stream.setDefaultHighWaterMark = setDefaultHighWaterMark;
Stream.getDefaultHighWaterMark = getDefaultHighWaterMark;
Object.defineProperty(Stream, "promises", {
  configurable: true,
  enumerable: true,
  get() { return require("node_stream_promises"); },
});
Stream.Stream = Stream;
Stream._isArrayBufferView = (v) => ArrayBuffer.isView(v);
Stream._isUint8Array = isUint8Array;
Stream._uint8ArrayToBuffer = toBuffer;

exports.module = Stream;
// For node_stream_promises.js and other files of the runtime.
exports.internals = {
  pipelinePromise,
  finishedPromise,
  AbortError,
  errorOrDestroy,
  isNodeStream,
  isIterable,
};
