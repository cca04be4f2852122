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

"use strict";

const { EventEmitter } = require("events");
const { Buffer } = require("node_buffer");
const { codedError, invalidArgType, invalidArgValue, outOfRange, describeReceived } = require("web_errors");

function nextTick(fn, ...args) {
  require("tasks").nextTick(fn, ...args);
}

const kDestroyEvent = Symbol("kDestroyEvent");
const kConstructEvent = Symbol("kConstructEvent");
const kFinishCallbacks = Symbol("kFinishCallbacks");
const kDestroyedMark = Symbol("kDestroyedMark");
const kPausedFlag = Symbol("kPausedFlag");
const kTransformCallback = Symbol("kTransformCallback");
const kEmptyResult = Symbol("kEmptyResult");
const kEndOfStream = Symbol("kEndOfStream");

// ---------------------------------------------------------------------------
// Errors (Node's codes and messages)

function errCode(Ctor, code, message) {
  return codedError(Ctor, code, message);
}
const E = {
  pushAfterEof: () => errCode(Error, "ERR_STREAM_PUSH_AFTER_EOF", "stream.push() after EOF"),
  unshiftAfterEnd: () => errCode(Error, "ERR_STREAM_UNSHIFT_AFTER_END_EVENT", "stream.unshift() after end event"),
  notImplemented: (what) => errCode(Error, "ERR_METHOD_NOT_IMPLEMENTED", `The ${what} method is not implemented`),
  writeAfterEnd: () => errCode(Error, "ERR_STREAM_WRITE_AFTER_END", "write after end"),
  destroyed: (what) => errCode(Error, "ERR_STREAM_DESTROYED", `Cannot call ${what} after a stream was destroyed`),
  nullValues: () => errCode(TypeError, "ERR_STREAM_NULL_VALUES", "May not write null values to stream"),
  alreadyFinished: (what) => errCode(Error, "ERR_STREAM_ALREADY_FINISHED", `Cannot call ${what} after a stream was finished`),
  multipleCallback: () => errCode(Error, "ERR_MULTIPLE_CALLBACK", "Callback called multiple times"),
  prematureClose: () => errCode(Error, "ERR_STREAM_PREMATURE_CLOSE", "Premature close"),
  cannotPipe: () => errCode(Error, "ERR_STREAM_CANNOT_PIPE", "Cannot pipe, not readable"),
  unknownEncoding: (enc) => errCode(TypeError, "ERR_UNKNOWN_ENCODING", `Unknown encoding: ${enc}`),
  missingArgs: (name) => errCode(TypeError, "ERR_MISSING_ARGS", `The "${name}" argument must be specified`),
  invalidReturn: (expected, name, value) => {
    const type = describeReceived(value).replace(/^ Received /, "");
    return errCode(TypeError, "ERR_INVALID_RETURN_VALUE",
      `Expected ${expected} to be returned from the "${name}" function but got ${type}.`);
  },
  argValueReason: (name, value, reason) => {
    const base = invalidArgValue(name, value);
    base.message = base.message.replace(/^(The (?:argument|property) '[^']*') is invalid\./, `$1 ${reason}.`);
    return base;
  },
};

class AbortError extends Error {
  constructor(message = "The operation was aborted", options = undefined) {
    if (options !== undefined && (options === null || typeof options !== "object")) {
      throw invalidArgType("options", "of type object", options);
    }
    super(message, options);
    this.code = "ABORT_ERR";
    this.name = "AbortError";
  }
}

function validateFunction(value, name) {
  if (typeof value !== "function") throw invalidArgType(name, "of type function", value);
}

function validateObject(value, name) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalidArgType(name, "of type object", value);
  }
}

function validateAbortSignal(signal, name) {
  if (signal !== undefined &&
      (signal === null || typeof signal !== "object" || !("aborted" in signal))) {
    throw invalidArgType(name, "an instance of AbortSignal", signal);
  }
}

function validateInteger(value, name, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) {
  if (typeof value !== "number") throw invalidArgType(name, "of type number", value);
  if (!Number.isInteger(value)) throw outOfRange(name, "an integer", value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}

// Two errors that both happened become one AggregateError (outer first).
function combineErrors(inner, outer) {
  if (inner && outer && inner !== outer) {
    if (Array.isArray(outer.errors)) {
      outer.errors.push(inner);
      return outer;
    }
    const err = new AggregateError([outer, inner], outer.message);
    err.code = outer.code;
    return err;
  }
  return inner || outer;
}

// Listen to an AbortSignal once; returns a function that stops listening.
function onAbort(signal, listener) {
  if (signal.aborted) {
    require("tasks").queueMicrotask(() => listener());
    return () => {};
  }
  signal.addEventListener("abort", listener, { once: true });
  return () => signal.removeEventListener("abort", listener);
}

function callOnce(fn) {
  let called = false;
  return function (...args) {
    if (called) return;
    called = true;
    return Reflect.apply(fn, this, args);
  };
}

function nop() {}

const typedArrayTag = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;
const isUint8Array = (v) => typedArrayTag.call(v) === "Uint8Array";
const toBuffer = (view) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);
const CHUNK_TYPES = "of type string or an instance of Buffer, TypedArray, or DataView";

// ---------------------------------------------------------------------------
// High water marks

let defaultHwmBytes = 64 * 1024;
let defaultHwmObjects = 16;

function getDefaultHighWaterMark(objectMode) {
  return objectMode ? defaultHwmObjects : defaultHwmBytes;
}

function setDefaultHighWaterMark(objectMode, value) {
  validateInteger(value, "value", 0);
  if (objectMode) defaultHwmObjects = value;
  else defaultHwmBytes = value;
}

function highWaterMarkOf(state, options, duplexKey, isDuplex) {
  const hwm = options.highWaterMark != null ? options.highWaterMark : isDuplex ? options[duplexKey] : null;
  if (hwm != null) {
    if (!Number.isInteger(hwm) || hwm < 0) {
      throw invalidArgValue(isDuplex ? `options.${duplexKey}` : "options.highWaterMark", hwm);
    }
    return Math.floor(hwm);
  }
  return getDefaultHighWaterMark(state.objectMode);
}

// ---------------------------------------------------------------------------
// Stream: the legacy base (an EventEmitter with a simple pipe)

function Stream(opts) {
  EventEmitter.call(this, opts);
}
Object.setPrototypeOf(Stream.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Stream, EventEmitter);

function prependTo(emitter, event, fn) {
  if (typeof emitter.prependListener === "function") return emitter.prependListener(event, fn);
  // Very old emitters without prependListener.
  if (!emitter._events || !emitter._events[event]) emitter.on(event, fn);
  else if (Array.isArray(emitter._events[event])) emitter._events[event].unshift(fn);
  else emitter._events[event] = [fn, emitter._events[event]];
}

Stream.prototype.pipe = function pipe(dest, options) {
  const source = this;
  function ondata(chunk) {
    if (dest.writable && dest.write(chunk) === false && source.pause) source.pause();
  }
  function ondrain() {
    if (source.readable && source.resume) source.resume();
  }
  let ended = false;
  function onend() {
    if (ended) return;
    ended = true;
    dest.end();
  }
  function onclose() {
    if (ended) return;
    ended = true;
    if (typeof dest.destroy === "function") dest.destroy();
  }
  function onerror(er) {
    cleanup();
    if (EventEmitter.listenerCount(this, "error") === 0) this.emit("error", er);
  }
  function cleanup() {
    source.removeListener("data", ondata);
    dest.removeListener("drain", ondrain);
    source.removeListener("end", onend);
    source.removeListener("close", onclose);
    source.removeListener("error", onerror);
    dest.removeListener("error", onerror);
    source.removeListener("end", cleanup);
    source.removeListener("close", cleanup);
    dest.removeListener("close", cleanup);
  }
  source.on("data", ondata);
  dest.on("drain", ondrain);
  if (!dest._isStdio && (!options || options.end !== false)) {
    source.on("end", onend);
    source.on("close", onclose);
  }
  prependTo(source, "error", onerror);
  prependTo(dest, "error", onerror);
  source.on("end", cleanup);
  source.on("close", cleanup);
  dest.on("close", cleanup);
  dest.emit("pipe", source);
  return dest;
};

Stream.prototype.eventNames = function eventNames() {
  const events = this._events;
  if (!events) return [];
  return Reflect.ownKeys(events).filter((k) => typeof events[k] === "function" ||
    (Array.isArray(events[k]) && events[k].length > 0));
};

// ---------------------------------------------------------------------------
// Destroying, shared by Readable, Writable and Duplex

function recordError(err, w, r) {
  if (err) {
    if (w && !w.errored) w.errored = err;
    if (r && !r.errored) r.errored = err;
  }
}

function destroyStream(err, cb) {
  const r = this._readableState;
  const w = this._writableState;
  const s = w || r;
  if ((w && w.destroyed) || (r && r.destroyed)) {
    if (typeof cb === "function") cb();
    return this;
  }
  recordError(err, w, r);
  if (w) w.destroyed = true;
  if (r) r.destroyed = true;
  if (!s.constructed) {
    this.once(kDestroyEvent, function (er) {
      runDestroy(this, combineErrors(er, err), cb);
    });
  } else {
    runDestroy(this, err, cb);
  }
  return this;
}

function runDestroy(self, err, cb) {
  let done = false;
  const onDestroyed = (er) => {
    if (done) return;
    done = true;
    const r = self._readableState;
    const w = self._writableState;
    recordError(er, w, r);
    if (w) w.closed = true;
    if (r) r.closed = true;
    if (typeof cb === "function") cb(er);
    if (er) nextTick(emitErrorThenClose, self, er);
    else nextTick(emitCloseEvent, self);
  };
  try {
    self._destroy(err || null, onDestroyed);
  } catch (e) {
    onDestroyed(e);
  }
}

function emitErrorThenClose(self, err) {
  emitErrorEvent(self, err);
  emitCloseEvent(self);
}

function emitCloseEvent(self) {
  const r = self._readableState;
  const w = self._writableState;
  if (w) w.closeEmitted = true;
  if (r) r.closeEmitted = true;
  if ((w && w.emitClose) || (r && r.emitClose)) self.emit("close");
}

function emitErrorEvent(self, err) {
  const r = self._readableState;
  const w = self._writableState;
  if ((w && w.errorEmitted) || (r && r.errorEmitted)) return;
  if (w) w.errorEmitted = true;
  if (r) r.errorEmitted = true;
  self.emit("error", err);
}

function undestroyStream() {
  const r = this._readableState;
  const w = this._writableState;
  if (r) {
    r.constructed = true;
    r.closed = false;
    r.closeEmitted = false;
    r.destroyed = false;
    r.errored = null;
    r.errorEmitted = false;
    r.reading = false;
    r.ended = r.readable === false;
    r.endEmitted = r.readable === false;
  }
  if (w) {
    w.constructed = true;
    w.destroyed = false;
    w.closed = false;
    w.closeEmitted = false;
    w.errored = null;
    w.errorEmitted = false;
    w.finalCalled = false;
    w.prefinished = false;
    w.ended = w.writable === false;
    w.ending = w.writable === false;
    w.finished = w.writable === false;
  }
}

// An error from inside the stream machinery: destroy when autoDestroy is on,
// otherwise record it and emit 'error' (now, or on the next tick if `sync`).
function errorOrDestroy(stream, err, sync) {
  const r = stream._readableState;
  const w = stream._writableState;
  if ((w && w.destroyed) || (r && r.destroyed)) return;
  if ((r && r.autoDestroy) || (w && w.autoDestroy)) {
    stream.destroy(err);
  } else if (err) {
    if (w && !w.errored) w.errored = err;
    if (r && !r.errored) r.errored = err;
    if (sync) nextTick(emitErrorEvent, stream, err);
    else emitErrorEvent(stream, err);
  }
}

// Run stream._construct (if any) on the next tick; `then` runs once it is
// done, unless the stream was destroyed meanwhile.
function startConstruct(stream, then) {
  if (typeof stream._construct !== "function") return;
  const r = stream._readableState;
  const w = stream._writableState;
  if (r) r.constructed = false;
  if (w) w.constructed = false;
  stream.once(kConstructEvent, then);
  if (stream.listenerCount(kConstructEvent) > 1) return; // the other side of a Duplex did it
  nextTick(runConstruct, stream);
}

function runConstruct(stream) {
  let called = false;
  const finishConstruct = (err) => {
    if (called) {
      errorOrDestroy(stream, err != null ? err : E.multipleCallback());
      return;
    }
    called = true;
    const r = stream._readableState;
    const w = stream._writableState;
    const s = w || r;
    if (r) r.constructed = true;
    if (w) w.constructed = true;
    if (s.destroyed) stream.emit(kDestroyEvent, err);
    else if (err) errorOrDestroy(stream, err, true);
    else stream.emit(kConstructEvent);
  };
  try {
    stream._construct((err) => { nextTick(finishConstruct, err); });
  } catch (err) {
    nextTick(finishConstruct, err);
  }
}

// Destroy any stream-like object, the way pipeline() and the iterators do.
function destroyAny(stream, err) {
  if (!stream || isDestroyed(stream)) return;
  if (!err && !isFinished(stream)) err = new AbortError();
  if (isServerRequest(stream)) {
    stream.socket = null;
    stream.destroy(err);
  } else if (isRequest(stream)) {
    stream.abort();
  } else if (isRequest(stream.req)) {
    stream.req.abort();
  } else if (typeof stream.destroy === "function") {
    stream.destroy(err);
  } else if (typeof stream.close === "function") {
    stream.close();
  } else if (err) {
    nextTick((s, e) => { s.emit("error", e); }, stream, err);
  } else {
    nextTick((s) => { s.emit("close"); }, stream);
  }
  if (!stream.destroyed) stream[kDestroyedMark] = true;
}

// ---------------------------------------------------------------------------
// Stream predicates (Node's stream utilities, used by finished/pipeline)

function isReadableNodeStream(obj, strict = false) {
  return !!(obj && typeof obj.pipe === "function" && typeof obj.on === "function" &&
    (!strict || (typeof obj.pause === "function" && typeof obj.resume === "function")) &&
    (!obj._writableState || (obj._readableState && obj._readableState.readable !== false)) &&
    (!obj._writableState || obj._readableState));
}

function isWritableNodeStream(obj) {
  return !!(obj && typeof obj.write === "function" && typeof obj.on === "function" &&
    (!obj._readableState || (obj._writableState && obj._writableState.writable !== false)));
}

function isDuplexNodeStream(obj) {
  return !!(obj && typeof obj.pipe === "function" && obj._readableState &&
    typeof obj.on === "function" && typeof obj.write === "function");
}

function isNodeStream(obj) {
  return !!(obj && (obj._readableState || obj._writableState ||
    (typeof obj.write === "function" && typeof obj.on === "function") ||
    (typeof obj.pipe === "function" && typeof obj.on === "function")));
}

function isIterable(obj, isAsync) {
  if (obj == null) return false;
  if (isAsync === true) return typeof obj[Symbol.asyncIterator] === "function";
  if (isAsync === false) return typeof obj[Symbol.iterator] === "function";
  return typeof obj[Symbol.asyncIterator] === "function" || typeof obj[Symbol.iterator] === "function";
}

function isDestroyed(stream) {
  if (!isNodeStream(stream)) return null;
  const state = stream._writableState || stream._readableState;
  return !!(stream.destroyed || stream[kDestroyedMark] || (state && state.destroyed));
}

function isWritableEnded(stream) {
  if (!isWritableNodeStream(stream)) return null;
  if (stream.writableEnded === true) return true;
  const w = stream._writableState;
  if (w && w.errored) return false;
  if (!w || typeof w.ended !== "boolean") return null;
  return w.ended;
}

function isWritableFinished(stream, strict) {
  if (!isWritableNodeStream(stream)) return null;
  if (stream.writableFinished === true) return true;
  const w = stream._writableState;
  if (w && w.errored) return false;
  if (!w || typeof w.finished !== "boolean") return null;
  return !!(w.finished || (strict === false && w.ended === true && w.length === 0));
}

function isReadableFinished(stream, strict) {
  if (!isReadableNodeStream(stream)) return null;
  const r = stream._readableState;
  if (r && r.errored) return false;
  if (!r || typeof r.endEmitted !== "boolean") return null;
  return !!(r.endEmitted || (strict === false && r.ended === true && r.length === 0));
}

function isReadable(stream) {
  if (typeof (stream && stream.readable) !== "boolean") return null;
  if (isDestroyed(stream)) return false;
  return isReadableNodeStream(stream) && stream.readable && !isReadableFinished(stream);
}

function isWritable(stream) {
  if (typeof (stream && stream.writable) !== "boolean") return null;
  if (isDestroyed(stream)) return false;
  return isWritableNodeStream(stream) && stream.writable && !isWritableEnded(stream);
}

function isFinished(stream, opts) {
  if (!isNodeStream(stream)) return null;
  if (isDestroyed(stream)) return true;
  if ((!opts || opts.readable !== false) && isReadable(stream)) return false;
  if ((!opts || opts.writable !== false) && isWritable(stream)) return false;
  return true;
}

function isWritableErrored(stream) {
  if (!isNodeStream(stream)) return null;
  if (stream.writableErrored) return stream.writableErrored;
  const w = stream._writableState;
  return w && w.errored != null ? w.errored : null;
}

function isReadableErrored(stream) {
  if (!isNodeStream(stream)) return null;
  if (stream.readableErrored) return stream.readableErrored;
  const r = stream._readableState;
  return r && r.errored != null ? r.errored : null;
}

function isClosed(stream) {
  if (!isNodeStream(stream)) return null;
  if (typeof stream.closed === "boolean") return stream.closed;
  const w = stream._writableState;
  const r = stream._readableState;
  if (typeof (w && w.closed) === "boolean" || typeof (r && r.closed) === "boolean") {
    return (w && w.closed) || (r && r.closed);
  }
  if (typeof stream.destroyed === "boolean" && isOutgoingMessage(stream)) return stream.destroyed;
  return null;
}

function isOutgoingMessage(stream) {
  return typeof stream._closed === "boolean" && typeof stream._defaultKeepAlive === "boolean" &&
    typeof stream._removedConnection === "boolean" && typeof stream._removedContLen === "boolean";
}

function isServerResponse(stream) {
  return typeof stream._sent100 === "boolean" && isOutgoingMessage(stream);
}

function isServerRequest(stream) {
  return typeof stream._consuming === "boolean" && typeof stream._dumped === "boolean" &&
    (stream.req && stream.req.upgradeOrConnect) === undefined;
}

function isRequest(stream) {
  return stream && stream.setHeader && typeof stream.abort === "function";
}

function willEmitClose(stream) {
  if (!isNodeStream(stream)) return null;
  const state = stream._writableState || stream._readableState;
  return (!state && isServerResponse(stream)) ||
    !!(state && state.autoDestroy && state.emitClose && state.closed === false);
}

function isDisturbed(stream) {
  return !!(stream && (stream.readableDidRead || stream.readableAborted));
}

function firstDefined(...values) {
  for (const v of values) if (v !== undefined && v !== null) return v;
  return undefined;
}

function isErrored(stream) {
  if (!stream) return false;
  const r = stream._readableState, w = stream._writableState;
  return !!firstDefined(stream.readableErrored, stream.writableErrored, r && r.errorEmitted,
    w && w.errorEmitted, r && r.errored, w && w.errored);
}

// ---------------------------------------------------------------------------
// finished (end-of-stream)

// Whether web_streams.js was loaded: no web stream exists before. (A
// require without .loaded, as in tests that run this file under Node, has
// none.)
function webStreamsLoaded() {
  return typeof require.loaded === "function" && require.loaded("web_streams");
}

// Whether value is a ReadableStream or WritableStream.
function isWebStream(value) {
  if (!webStreamsLoaded()) return false;
  const { isReadableStream, isWritableStream } = require("web_streams").internals;
  return isReadableStream(value) || isWritableStream(value);
}

// A web stream or {readable, writable} web pair as a Node stream, or null.
function webAsNodeStream(value, duplex) {
  if (!webStreamsLoaded()) return null;
  return require("stream_web_adapters").webToNode(value, duplex);
}

function finished(stream, options, callback) {
  if (arguments.length === 2) {
    callback = options;
    options = {};
  } else if (options == null) {
    options = {};
  } else {
    validateObject(options, "options");
  }
  validateFunction(callback, "callback");
  validateAbortSignal(options.signal, "options.signal");
  callback = callOnce(callback);

  if (!isNodeStream(stream)) {
    if (isWebStream(stream)) return require("stream_web_adapters").finishedWeb(stream, options, callback);
    throw invalidArgType("stream", "an instance of ReadableStream, WritableStream, or Stream", stream);
  }

  const readable = options.readable != null ? options.readable : isReadableNodeStream(stream);
  const writable = options.writable != null ? options.writable : isWritableNodeStream(stream);
  const w = stream._writableState;
  const r = stream._readableState;

  // Whether a 'close' will follow 'end'/'finish' (then we wait for it).
  let closeFollows = willEmitClose(stream) && isReadableNodeStream(stream) === readable &&
    isWritableNodeStream(stream) === writable;

  let writableDone = isWritableFinished(stream, false);
  let readableDone = isReadableFinished(stream, false);
  let closed = isClosed(stream);

  const onLegacyFinish = () => {
    if (!stream.writable) onFinish();
  };
  const onFinish = () => {
    writableDone = true;
    if (stream.destroyed) closeFollows = false;
    if (closeFollows && (!stream.readable || readable)) return;
    if (!readable || readableDone) callback.call(stream);
  };
  const onEnd = () => {
    readableDone = true;
    if (stream.destroyed) closeFollows = false;
    if (closeFollows && (!stream.writable || writable)) return;
    if (!writable || writableDone) callback.call(stream);
  };
  const onError = (err) => {
    callback.call(stream, err);
  };
  const onClose = () => {
    closed = true;
    const errored = isWritableErrored(stream) || isReadableErrored(stream);
    if (errored && typeof errored !== "boolean") return callback.call(stream, errored);
    if (readable && !readableDone && isReadableNodeStream(stream, true)) {
      if (!isReadableFinished(stream, false)) return callback.call(stream, E.prematureClose());
    }
    if (writable && !writableDone) {
      if (!isWritableFinished(stream, false)) return callback.call(stream, E.prematureClose());
    }
    callback.call(stream);
  };
  const onClosedAlready = () => {
    closed = true;
    const errored = isWritableErrored(stream) || isReadableErrored(stream);
    if (errored && typeof errored !== "boolean") return callback.call(stream, errored);
    callback.call(stream);
  };
  const onRequest = () => {
    stream.req.on("finish", onFinish);
  };

  if (isRequest(stream)) {
    stream.on("complete", onFinish);
    if (!closeFollows) stream.on("abort", onClose);
    if (stream.req) onRequest();
    else stream.on("request", onRequest);
  } else if (writable && !w) {
    // legacy streams
    stream.on("end", onLegacyFinish);
    stream.on("close", onLegacyFinish);
  }
  if (!closeFollows && typeof stream.aborted === "boolean") stream.on("aborted", onClose);

  stream.on("end", onEnd);
  stream.on("finish", onFinish);
  if (options.error !== false) stream.on("error", onError);
  stream.on("close", onClose);

  if (closed) {
    nextTick(onClose);
  } else if ((w && w.errorEmitted) || (r && r.errorEmitted)) {
    if (!closeFollows) nextTick(onClosedAlready);
  } else if (!readable && (!closeFollows || isReadable(stream)) &&
      (writableDone || isWritable(stream) === false)) {
    nextTick(onClosedAlready);
  } else if (!writable && (!closeFollows || isWritable(stream)) &&
      (readableDone || isReadable(stream) === false)) {
    nextTick(onClosedAlready);
  } else if (r && stream.req && stream.aborted) {
    nextTick(onClosedAlready);
  }

  const cleanup = () => {
    callback = nop;
    stream.removeListener("aborted", onClose);
    stream.removeListener("complete", onFinish);
    stream.removeListener("abort", onClose);
    stream.removeListener("request", onRequest);
    if (stream.req) stream.req.removeListener("finish", onFinish);
    stream.removeListener("end", onLegacyFinish);
    stream.removeListener("close", onLegacyFinish);
    stream.removeListener("finish", onFinish);
    stream.removeListener("end", onEnd);
    stream.removeListener("error", onError);
    stream.removeListener("close", onClose);
  };

  if (options.signal && !closed) {
    const signal = options.signal;
    const abort = () => {
      const cb = callback;
      cleanup();
      cb.call(stream, new AbortError(undefined, { cause: signal.reason }));
    };
    if (signal.aborted) {
      nextTick(abort);
    } else {
      const stop = onAbort(signal, abort);
      const original = callback;
      callback = callOnce(function (...args) {
        stop();
        Reflect.apply(original, stream, args);
      });
    }
  }
  return cleanup;
}

function finishedPromise(stream, opts) {
  let autoCleanup = false;
  if (opts === null) opts = {};
  if (opts && opts.cleanup) {
    if (typeof opts.cleanup !== "boolean") throw invalidArgType("cleanup", "of type boolean", opts.cleanup);
    autoCleanup = opts.cleanup;
  }
  return new Promise((resolve, reject) => {
    const cleanup = finished(stream, opts, (err) => {
      if (autoCleanup) cleanup();
      if (err) reject(err);
      else resolve();
    });
  });
}

// ---------------------------------------------------------------------------
// Readable

class ReadableState {
  constructor(options, stream, isDuplex) {
    if (typeof isDuplex !== "boolean") isDuplex = stream instanceof Duplex;
    this.objectMode = !!(options && options.objectMode) || !!(isDuplex && options && options.readableObjectMode);
    this.highWaterMark = options
      ? highWaterMarkOf(this, options, "readableHighWaterMark", isDuplex)
      : getDefaultHighWaterMark(false);
    this.buffer = [];
    this.bufferIndex = 0;
    this.length = 0;
    this.pipes = [];
    this.flowing = null;
    this.ended = false;
    this.endEmitted = false;
    this.reading = false;
    this.constructed = true;
    // true until the first read: actions meant for "later" must not happen
    // synchronously inside push() before then
    this.sync = true;
    this.needReadable = false;
    this.emittedReadable = false;
    this.readableListening = false;
    this.resumeScheduled = false;
    this.errorEmitted = false;
    this.emitClose = !(options && options.emitClose === false);
    this.autoDestroy = !(options && options.autoDestroy === false);
    this.destroyed = false;
    this.errored = null;
    this.closed = false;
    this.closeEmitted = false;
    this.defaultEncoding = (options && options.defaultEncoding) || "utf8";
    this.awaitDrainWriters = null;
    this.multiAwaitDrain = false;
    this.readingMore = false;
    this.dataEmitted = false;
    this.decoder = null;
    this.encoding = null;
    this[kPausedFlag] = null;
    if (options && options.encoding) {
      const { StringDecoder } = require("node_string_decoder");
      this.decoder = new StringDecoder(options.encoding);
      this.encoding = options.encoding;
    }
  }

  get pipesCount() { return this.pipes.length; }
  get paused() { return this[kPausedFlag] !== false; }
  set paused(value) { this[kPausedFlag] = !!value; }
}

function Readable(options) {
  if (!(this instanceof Readable)) return new Readable(options);
  const isDuplex = this instanceof Duplex;
  this._readableState = new ReadableState(options, this, isDuplex);
  if (options) {
    if (typeof options.read === "function") this._read = options.read;
    if (typeof options.destroy === "function") this._destroy = options.destroy;
    if (typeof options.construct === "function") this._construct = options.construct;
    if (options.signal && !isDuplex) addAbortSignalNoValidate(options.signal, this);
  }
  Stream.call(this, options);
  startConstruct(this, () => {
    if (this._readableState.needReadable) scheduleReadMore(this, this._readableState);
  });
}
Object.setPrototypeOf(Readable.prototype, Stream.prototype);
Object.setPrototypeOf(Readable, Stream);
Readable.ReadableState = ReadableState;

Readable.prototype.destroy = destroyStream;
Readable.prototype._undestroy = undestroyStream;
Readable.prototype._destroy = function _destroy(err, cb) {
  cb(err);
};
Readable.prototype[EventEmitter.captureRejectionSymbol] = function (err) {
  this.destroy(err);
};
if (typeof Symbol.asyncDispose === "symbol") {
  Readable.prototype[Symbol.asyncDispose] = function () {
    let error;
    if (!this.destroyed) {
      error = this.readableEnded ? null : new AbortError();
      this.destroy(error);
    }
    return new Promise((resolve, reject) => finished(this, (err) => (err && err !== error ? reject(err) : resolve(null))));
  };
}

Readable.prototype.push = function push(chunk, encoding) {
  return addToReadable(this, chunk, encoding, false);
};

Readable.prototype.unshift = function unshift(chunk, encoding) {
  return addToReadable(this, chunk, encoding, true);
};

function addToReadable(stream, chunk, encoding, toFront) {
  const state = stream._readableState;
  let err;
  if (!state.objectMode) {
    if (typeof chunk === "string") {
      encoding = encoding || state.defaultEncoding;
      if (state.encoding !== encoding) {
        if (toFront && state.encoding) {
          // keep the buffer's strings in the stream's encoding
          chunk = Buffer.from(chunk, encoding).toString(state.encoding);
        } else {
          chunk = Buffer.from(chunk, encoding);
          encoding = "";
        }
      }
    } else if (chunk instanceof Buffer) {
      encoding = "";
    } else if (ArrayBuffer.isView(chunk)) {
      chunk = toBuffer(chunk);
      encoding = "";
    } else if (chunk != null) {
      err = invalidArgType("chunk", CHUNK_TYPES, chunk);
    }
  }

  if (err) {
    errorOrDestroy(stream, err);
  } else if (chunk === null) {
    state.reading = false;
    markEnded(stream, state);
  } else if (state.objectMode || (chunk && chunk.length > 0)) {
    if (toFront) {
      if (state.endEmitted) errorOrDestroy(stream, E.unshiftAfterEnd());
      else if (state.destroyed || state.errored) return false;
      else storeChunk(stream, state, chunk, true);
    } else if (state.ended) {
      errorOrDestroy(stream, E.pushAfterEof());
    } else if (state.destroyed || state.errored) {
      return false;
    } else {
      state.reading = false;
      if (state.decoder && !encoding) {
        chunk = state.decoder.write(chunk);
        if (state.objectMode || chunk.length !== 0) storeChunk(stream, state, chunk, false);
        else scheduleReadMore(stream, state);
      } else {
        storeChunk(stream, state, chunk, false);
      }
    }
  } else if (!toFront) {
    state.reading = false;
    scheduleReadMore(stream, state);
  }
  return !state.ended && (state.length < state.highWaterMark || state.length === 0);
}

function clearAwaitDrain(state) {
  if (state.multiAwaitDrain) state.awaitDrainWriters.clear();
  else state.awaitDrainWriters = null;
}

function storeChunk(stream, state, chunk, toFront) {
  if (state.flowing && state.length === 0 && !state.sync && stream.listenerCount("data") > 0) {
    // Flowing with nothing queued: hand the chunk straight to 'data'.
    clearAwaitDrain(state);
    state.dataEmitted = true;
    stream.emit("data", chunk);
  } else {
    state.length += state.objectMode ? 1 : chunk.length;
    if (toFront) {
      if (state.bufferIndex > 0) state.buffer[--state.bufferIndex] = chunk;
      else state.buffer.unshift(chunk);
    } else {
      state.buffer.push(chunk);
    }
    if (state.needReadable) scheduleReadable(stream);
  }
  scheduleReadMore(stream, state);
}

Readable.prototype.isPaused = function isPaused() {
  const state = this._readableState;
  return state[kPausedFlag] === true || state.flowing === false;
};

Readable.prototype.setEncoding = function setEncoding(enc) {
  const { StringDecoder } = require("node_string_decoder");
  const state = this._readableState;
  const decoder = new StringDecoder(enc);
  state.decoder = decoder;
  state.encoding = decoder.encoding;
  // Re-decode what is already queued.
  let text = "";
  for (let i = state.bufferIndex; i < state.buffer.length; i++) text += decoder.write(state.buffer[i]);
  state.buffer = [];
  state.bufferIndex = 0;
  if (text !== "") state.buffer.push(text);
  state.length = text.length;
  return this;
};

const MAX_HWM = 0x40000000;
function raisedHighWaterMark(n) {
  if (n > MAX_HWM) throw outOfRange("size", "<= 1GiB", n);
  // the next power of two
  n--;
  n |= n >>> 1;
  n |= n >>> 2;
  n |= n >>> 4;
  n |= n >>> 8;
  n |= n >>> 16;
  n++;
  return n;
}

function queuedChunk(state, i) {
  return state.buffer[state.bufferIndex + i];
}

function readAmount(n, state) {
  if (n <= 0 || (state.length === 0 && state.ended)) return 0;
  if (state.objectMode) return 1;
  if (Number.isNaN(n)) {
    // flowing: one chunk at a time
    if (state.flowing && state.length) return queuedChunk(state, 0).length;
    return state.length;
  }
  if (n <= state.length) return n;
  return state.ended ? state.length : 0;
}

Readable.prototype.read = function read(n) {
  if (n === undefined) n = NaN;
  else if (!Number.isInteger(n)) n = Number.parseInt(n, 10);
  const state = this._readableState;
  const asked = n;

  if (n > state.highWaterMark) state.highWaterMark = raisedHighWaterMark(n);
  if (n !== 0) state.emittedReadable = false;

  // read(0) with enough queued (or at EOF) just triggers 'readable'/'end'.
  if (n === 0 && state.needReadable &&
      ((state.highWaterMark !== 0 ? state.length >= state.highWaterMark : state.length > 0) || state.ended)) {
    if (state.length === 0 && state.ended) scheduleEnd(this);
    else scheduleReadable(this);
    return null;
  }

  n = readAmount(n, state);
  if (n === 0 && state.ended) {
    if (state.length === 0) scheduleEnd(this);
    return null;
  }

  // Ask _read for more when below the high water mark (or when a
  // 'readable' is owed), unless that cannot or need not happen.
  let callRead = state.needReadable;
  if (state.length === 0 || state.length - n < state.highWaterMark) callRead = true;
  if (state.ended || state.reading || state.destroyed || state.errored || !state.constructed) {
    callRead = false;
  } else if (callRead) {
    state.reading = true;
    state.sync = true;
    if (state.length === 0) state.needReadable = true;
    try {
      this._read(state.highWaterMark);
    } catch (err) {
      errorOrDestroy(this, err);
    }
    state.sync = false;
    // data pushed synchronously changes how much can be returned
    if (!state.reading) n = readAmount(asked, state);
  }

  let ret = n > 0 ? takeFromBuffer(n, state) : null;
  if (ret === null) {
    state.needReadable = state.length <= state.highWaterMark;
    n = 0;
  } else {
    state.length -= n;
    clearAwaitDrain(state);
  }

  if (state.length === 0) {
    if (!state.ended) state.needReadable = true;
    if (asked !== n && state.ended) scheduleEnd(this);
  }

  if (ret !== null && !state.errorEmitted && !state.closeEmitted) {
    state.dataEmitted = true;
    this.emit("data", ret);
  }
  return ret;
};

// Take n bytes (characters, or one object) off the front of the queue.
function takeFromBuffer(n, state) {
  if (state.length === 0) return null;
  const buf = state.buffer;
  let idx = state.bufferIndex;
  let ret;
  if (state.objectMode) {
    ret = buf[idx];
    buf[idx++] = null;
  } else if (!n || n >= state.length) {
    // everything
    if (state.decoder) {
      ret = "";
      while (idx < buf.length) {
        ret += buf[idx];
        buf[idx++] = null;
      }
    } else if (buf.length - idx === 1) {
      ret = buf[idx];
      buf[idx++] = null;
    } else {
      ret = Buffer.allocUnsafe(state.length);
      let at = 0;
      while (idx < buf.length) {
        const data = buf[idx];
        ret.set(data, at);
        at += data.length;
        buf[idx++] = null;
      }
    }
  } else if (n < buf[idx].length) {
    // part of the first chunk
    ret = buf[idx].slice(0, n);
    buf[idx] = buf[idx].slice(n);
  } else if (n === buf[idx].length) {
    ret = buf[idx];
    buf[idx++] = null;
  } else if (state.decoder) {
    ret = "";
    while (idx < buf.length) {
      const str = buf[idx];
      if (n > str.length) {
        ret += str;
        n -= str.length;
        buf[idx++] = null;
      } else {
        if (n === str.length) {
          ret += str;
          buf[idx++] = null;
        } else {
          ret += str.slice(0, n);
          buf[idx] = str.slice(n);
        }
        break;
      }
    }
  } else {
    ret = Buffer.allocUnsafe(n);
    const total = n;
    while (idx < buf.length) {
      const data = buf[idx];
      if (n > data.length) {
        ret.set(data, total - n);
        n -= data.length;
        buf[idx++] = null;
      } else {
        if (n === data.length) {
          ret.set(data, total - n);
          buf[idx++] = null;
        } else {
          ret.set(new Uint8Array(data.buffer, data.byteOffset, n), total - n);
          buf[idx] = data.slice(n);
        }
        break;
      }
    }
  }
  if (idx === buf.length) {
    state.buffer = [];
    state.bufferIndex = 0;
  } else if (idx > 1024) {
    state.buffer = buf.slice(idx);
    state.bufferIndex = 0;
  } else {
    state.bufferIndex = idx;
  }
  return ret;
}

function markEnded(stream, state) {
  if (state.ended) return;
  if (state.decoder) {
    const chunk = state.decoder.end();
    if (chunk && chunk.length) {
      state.buffer.push(chunk);
      state.length += state.objectMode ? 1 : chunk.length;
    }
  }
  state.ended = true;
  if (state.sync) {
    scheduleReadable(stream);
  } else {
    // Not inside a read(): 'readable' is emitted synchronously.
    state.needReadable = false;
    state.emittedReadable = true;
    fireReadable(stream);
  }
}

function scheduleReadable(stream) {
  const state = stream._readableState;
  state.needReadable = false;
  if (!state.emittedReadable) {
    state.emittedReadable = true;
    nextTick(fireReadable, stream);
  }
}

function fireReadable(stream) {
  const state = stream._readableState;
  if (!state.destroyed && !state.errored && (state.length || state.ended)) {
    stream.emit("readable");
    state.emittedReadable = false;
  }
  state.needReadable = !state.flowing && !state.ended && state.length <= state.highWaterMark;
  flowAll(stream);
}

// Keep calling read(0) on the next tick while it brings data in and the
// queue is below the high water mark.
function scheduleReadMore(stream, state) {
  if (!state.readingMore && state.constructed) {
    state.readingMore = true;
    nextTick(readMore, stream, state);
  }
}

function readMore(stream, state) {
  while (!state.reading && !state.ended &&
      (state.length < state.highWaterMark || (state.flowing && state.length === 0))) {
    const before = state.length;
    stream.read(0);
    if (before === state.length) break;
  }
  state.readingMore = false;
}

Readable.prototype._read = function _read(n) {
  throw E.notImplemented("_read()");
};

Readable.prototype.pipe = function pipe(dest, pipeOpts) {
  const src = this;
  const state = this._readableState;

  if (state.pipes.length === 1 && !state.multiAwaitDrain) {
    state.multiAwaitDrain = true;
    state.awaitDrainWriters = new Set(state.awaitDrainWriters ? [state.awaitDrainWriters] : []);
  }
  state.pipes.push(dest);

  let stdio = false;
  try {
    const proc = require("process").process;
    stdio = dest === proc.stdout || dest === proc.stderr;
  } catch {
    stdio = false;
  }
  const doEnd = (!pipeOpts || pipeOpts.end !== false) && !stdio;
  const endFn = doEnd ? onend : unpipe;
  if (state.endEmitted) nextTick(endFn);
  else src.once("end", endFn);

  dest.on("unpipe", onunpipe);
  function onunpipe(readable, unpipeInfo) {
    if (readable === src && unpipeInfo && unpipeInfo.hasUnpiped === false) {
      unpipeInfo.hasUnpiped = true;
      cleanup();
    }
  }

  function onend() {
    dest.end();
  }

  let ondrain;
  let cleanedUp = false;
  function cleanup() {
    dest.removeListener("close", onclose);
    dest.removeListener("finish", onfinish);
    if (ondrain) dest.removeListener("drain", ondrain);
    dest.removeListener("error", onerror);
    dest.removeListener("unpipe", onunpipe);
    src.removeListener("end", onend);
    src.removeListener("end", unpipe);
    src.removeListener("data", ondata);
    cleanedUp = true;
    // If the source waits for this destination to drain, it would never
    // flow again: release it now.
    if (ondrain && state.awaitDrainWriters && (!dest._writableState || dest._writableState.needDrain)) ondrain();
  }

  function pause() {
    if (!cleanedUp) {
      if (state.pipes.length === 1 && state.pipes[0] === dest) {
        state.awaitDrainWriters = dest;
        state.multiAwaitDrain = false;
      } else if (state.pipes.length > 1 && state.pipes.includes(dest)) {
        state.awaitDrainWriters.add(dest);
      }
      src.pause();
    }
    if (!ondrain) {
      ondrain = drainHandler(src, dest);
      dest.on("drain", ondrain);
    }
  }

  src.on("data", ondata);
  function ondata(chunk) {
    if (dest.write(chunk) === false) pause();
  }

  function onerror(er) {
    unpipe();
    dest.removeListener("error", onerror);
    if (dest.listenerCount("error") === 0) {
      const s = dest._writableState || dest._readableState;
      if (s && !s.errorEmitted) errorOrDestroy(dest, er);
      else dest.emit("error", er);
    }
  }
  prependTo(dest, "error", onerror);

  function onclose() {
    dest.removeListener("finish", onfinish);
    unpipe();
  }
  dest.once("close", onclose);
  function onfinish() {
    dest.removeListener("close", onclose);
    unpipe();
  }
  dest.once("finish", onfinish);

  function unpipe() {
    src.unpipe(dest);
  }

  dest.emit("pipe", src);

  if (dest.writableNeedDrain === true) pause();
  else if (!state.flowing) src.resume();
  return dest;
};

function drainHandler(src, dest) {
  return function pipeOnDrain() {
    const state = src._readableState;
    if (state.awaitDrainWriters === dest) state.awaitDrainWriters = null;
    else if (state.multiAwaitDrain) state.awaitDrainWriters.delete(dest);
    if ((!state.awaitDrainWriters || state.awaitDrainWriters.size === 0) && src.listenerCount("data")) {
      src.resume();
    }
  };
}

Readable.prototype.unpipe = function unpipe(dest) {
  const state = this._readableState;
  if (state.pipes.length === 0) return this;
  if (!dest) {
    const dests = state.pipes;
    state.pipes = [];
    this.pause();
    for (let i = 0; i < dests.length; i++) dests[i].emit("unpipe", this, { hasUnpiped: false });
    return this;
  }
  const index = state.pipes.indexOf(dest);
  if (index === -1) return this;
  state.pipes.splice(index, 1);
  if (state.pipes.length === 0) this.pause();
  dest.emit("unpipe", this, { hasUnpiped: false });
  return this;
};

Readable.prototype.on = function on(ev, fn) {
  const res = Stream.prototype.on.call(this, ev, fn);
  const state = this._readableState;
  if (ev === "data") {
    state.readableListening = this.listenerCount("readable") > 0;
    if (state.flowing !== false) this.resume();
  } else if (ev === "readable") {
    if (!state.endEmitted && !state.readableListening) {
      state.readableListening = state.needReadable = true;
      state.flowing = false;
      state.emittedReadable = false;
      if (state.length) scheduleReadable(this);
      else if (!state.reading) nextTick(readZero, this);
    }
  }
  return res;
};
Readable.prototype.addListener = Readable.prototype.on;

Readable.prototype.removeListener = function removeListener(ev, fn) {
  const res = Stream.prototype.removeListener.call(this, ev, fn);
  if (ev === "readable") nextTick(refreshReadableListening, this);
  return res;
};
Readable.prototype.off = Readable.prototype.removeListener;

Readable.prototype.removeAllListeners = function removeAllListeners(ev) {
  const res = Reflect.apply(Stream.prototype.removeAllListeners, this, arguments);
  if (ev === "readable" || ev === undefined) nextTick(refreshReadableListening, this);
  return res;
};

function refreshReadableListening(self) {
  const state = self._readableState;
  state.readableListening = self.listenerCount("readable") > 0;
  if (state.resumeScheduled && state[kPausedFlag] === false) {
    state.flowing = true;
  } else if (self.listenerCount("data") > 0) {
    self.resume();
  } else if (!state.readableListening) {
    state.flowing = null;
  }
}

function readZero(self) {
  self.read(0);
}

Readable.prototype.resume = function resume() {
  const state = this._readableState;
  if (!state.flowing) {
    // With 'readable' listeners the stream does not flow, but resume()
    // still has its other effects.
    state.flowing = !state.readableListening;
    if (!state.resumeScheduled) {
      state.resumeScheduled = true;
      nextTick(resumeNow, this, state);
    }
  }
  state[kPausedFlag] = false;
  return this;
};

function resumeNow(stream, state) {
  if (!state.reading) stream.read(0);
  state.resumeScheduled = false;
  stream.emit("resume");
  flowAll(stream);
  if (state.flowing && !state.reading) stream.read(0);
}

Readable.prototype.pause = function pause() {
  const state = this._readableState;
  if (state.flowing !== false) {
    state.flowing = false;
    this.emit("pause");
  }
  state[kPausedFlag] = true;
  return this;
};

function flowAll(stream) {
  const state = stream._readableState;
  while (state.flowing && stream.read() !== null);
}

Readable.prototype.wrap = function wrap(stream) {
  let paused = false;
  stream.on("data", (chunk) => {
    if (!this.push(chunk) && stream.pause) {
      paused = true;
      stream.pause();
    }
  });
  stream.on("end", () => { this.push(null); });
  stream.on("error", (err) => { errorOrDestroy(this, err); });
  stream.on("close", () => { this.destroy(); });
  stream.on("destroy", () => { this.destroy(); });
  this._read = () => {
    if (paused && stream.resume) {
      paused = false;
      stream.resume();
    }
  };
  // Proxy the wrapped stream's other methods.
  const keys = Object.keys(stream);
  for (let j = 1; j < keys.length; j++) {
    const k = keys[j];
    if (this[k] === undefined && typeof stream[k] === "function") this[k] = stream[k].bind(stream);
  }
  return this;
};

Readable.prototype[Symbol.asyncIterator] = function () {
  return iterateReadable(this);
};

Readable.prototype.iterator = function iterator(options) {
  if (options !== undefined) validateObject(options, "options");
  return iterateReadable(this, options);
};

function iterateReadable(stream, options) {
  if (typeof stream.read !== "function") stream = Readable.wrap(stream, { objectMode: true });
  const iter = readableChunks(stream, options);
  iter.stream = stream;
  return iter;
}

async function* readableChunks(stream, options) {
  let wake = nop;
  function waiter(resolve) {
    if (this === stream) {
      wake();
      wake = nop;
    } else {
      wake = resolve;
    }
  }
  stream.on("readable", waiter);
  let error;
  const cleanup = finished(stream, { writable: false }, (err) => {
    error = err ? combineErrors(error, err) : null;
    wake();
    wake = nop;
  });
  try {
    while (true) {
      const chunk = stream.destroyed ? null : stream.read();
      if (chunk !== null) {
        yield chunk;
      } else if (error) {
        throw error;
      } else if (error === null) {
        return;
      } else {
        await new Promise(waiter);
      }
    }
  } catch (err) {
    error = combineErrors(error, err);
    throw error;
  } finally {
    if ((error || !options || options.destroyOnReturn !== false) &&
        (error === undefined || stream._readableState.autoDestroy)) {
      destroyAny(stream, null);
    } else {
      stream.off("readable", waiter);
      cleanup();
    }
  }
}

function defineGetters(proto, getters) {
  for (const [name, desc] of Object.entries(getters)) {
    Object.defineProperty(proto, name, Object.assign({ enumerable: false, configurable: true }, desc));
  }
}

defineGetters(Readable.prototype, {
  readable: {
    get() {
      const r = this._readableState;
      return !!r && r.readable !== false && !r.destroyed && !r.errorEmitted && !r.endEmitted;
    },
    set(val) {
      if (this._readableState) this._readableState.readable = !!val;
    },
  },
  readableDidRead: { enumerable: false, get() { return this._readableState.dataEmitted; } },
  readableAborted: {
    enumerable: false,
    get() {
      const r = this._readableState;
      return !!(r.readable !== false && (r.destroyed || r.errored) && !r.endEmitted);
    },
  },
  readableHighWaterMark: { enumerable: false, get() { return this._readableState.highWaterMark; } },
  readableBuffer: {
    enumerable: false,
    get() {
      const r = this._readableState;
      return r && (r.bufferIndex === 0 ? r.buffer : r.buffer.slice(r.bufferIndex));
    },
  },
  readableFlowing: {
    enumerable: false,
    get() { return this._readableState.flowing; },
    set(state) {
      if (this._readableState) this._readableState.flowing = state;
    },
  },
  readableLength: { enumerable: false, get() { return this._readableState.length; } },
  readableObjectMode: {
    enumerable: false,
    get() { return this._readableState ? this._readableState.objectMode : false; },
  },
  readableEncoding: {
    enumerable: false,
    get() { return this._readableState ? this._readableState.encoding : null; },
  },
  errored: {
    enumerable: false,
    get() { return this._readableState ? this._readableState.errored : null; },
  },
  closed: { get() { return this._readableState ? this._readableState.closed : false; } },
  destroyed: {
    enumerable: false,
    get() { return this._readableState ? this._readableState.destroyed : false; },
    set(value) {
      if (!this._readableState) return;
      this._readableState.destroyed = value;
    },
  },
  readableEnded: {
    enumerable: false,
    get() { return this._readableState ? this._readableState.endEmitted : false; },
  },
});

function scheduleEnd(stream) {
  const state = stream._readableState;
  if (!state.endEmitted) {
    state.ended = true;
    nextTick(emitEnd, state, stream);
  }
}

function emitEnd(state, stream) {
  // (an unshift may have come in meanwhile)
  if (!state.errored && !state.closeEmitted && !state.endEmitted && state.length === 0) {
    state.endEmitted = true;
    stream.emit("end");
    if (stream.writable && stream.allowHalfOpen === false) {
      nextTick(endWritableSide, stream);
    } else if (state.autoDestroy) {
      // A Duplex is destroyed once its writable side is done too.
      const w = stream._writableState;
      const done = !w || (w.autoDestroy && (w.finished || w.writable === false));
      if (done) stream.destroy();
    }
  }
}

function endWritableSide(stream) {
  const writable = stream.writable && !stream.writableEnded && !stream.destroyed;
  if (writable) stream.end();
}

Readable._fromList = takeFromBuffer;

Readable.from = function from(iterable, opts) {
  return readableFromIterable(Readable, iterable, opts);
};

Readable.wrap = function wrap(src, options) {
  const objectMode = src.readableObjectMode != null ? src.readableObjectMode
    : src.objectMode != null ? src.objectMode : true;
  return new Readable(Object.assign({ objectMode }, options, {
    destroy(err, callback) {
      destroyAny(src, err);
      callback(err);
    },
  })).wrap(src);
};

// The web stream bridges live in stream_web_adapters.js, loaded on use.
Readable.fromWeb = function fromWeb(readableStream, options) {
  return require("stream_web_adapters").readableFromWeb(readableStream, options);
};
Readable.toWeb = function toWeb(streamReadable, options) {
  return require("stream_web_adapters").readableToWeb(streamReadable, options);
};

// Readable.from: pull values from a (sync or async) iterator on demand.
function readableFromIterable(Ctor, iterable, opts) {
  if (typeof iterable === "string" || iterable instanceof Buffer) {
    return new Ctor(Object.assign({ objectMode: true }, opts, {
      read() {
        this.push(iterable);
        this.push(null);
      },
    }));
  }
  let iterator;
  let isAsync;
  if (iterable && typeof iterable[Symbol.asyncIterator] === "function") {
    isAsync = true;
    iterator = iterable[Symbol.asyncIterator]();
  } else if (iterable && typeof iterable[Symbol.iterator] === "function") {
    isAsync = false;
    iterator = iterable[Symbol.iterator]();
  } else {
    throw invalidArgType("iterable", "an instance of Iterable", iterable);
  }

  const readable = new Ctor(Object.assign({ objectMode: true, highWaterMark: 1 }, opts));
  let pulling = false; // a pull loop is running
  let awaitValues = false; // a sync iterator that yielded a promise

  readable._read = function () {
    if (pulling) return;
    pulling = true;
    if (isAsync || awaitValues) pullAsync();
    else pullSync();
  };

  readable._destroy = function (error, cb) {
    closeIterator(error).then(() => nextTick(cb, error), (e) => nextTick(cb, e || error));
  };

  async function closeIterator(error) {
    const hadError = error !== undefined && error !== null;
    if (hadError && typeof iterator.throw === "function") {
      const { value, done } = await iterator.throw(error);
      await value;
      if (done) return;
    }
    if (typeof iterator.return === "function") {
      const { value } = await iterator.return();
      await value;
    }
  }

  // Returns true to keep pulling.
  function deliver(value) {
    if (value === null) {
      pulling = false;
      throw E.nullValues();
    }
    if (readable.push(value)) return true;
    pulling = false;
    return false;
  }

  function pullSync() {
    try {
      for (;;) {
        const { value, done } = iterator.next();
        if (done) {
          readable.push(null);
          return;
        }
        if (value && typeof value.then === "function") {
          awaitValues = true;
          settleThenPull(value);
          return;
        }
        if (!deliver(value)) return;
      }
    } catch (err) {
      readable.destroy(err);
    }
  }

  async function settleThenPull(promise) {
    try {
      if (deliver(await promise)) pullAsync();
    } catch (err) {
      readable.destroy(err);
    }
  }

  async function pullAsync() {
    try {
      for (;;) {
        let value, done;
        if (isAsync) {
          ({ value, done } = await iterator.next());
        } else {
          ({ value, done } = iterator.next());
          if (!done && value && typeof value.then === "function") value = await value;
        }
        if (done) {
          readable.push(null);
          return;
        }
        if (!deliver(value)) return;
      }
    } catch (err) {
      readable.destroy(err);
    }
  }

  return readable;
}

// ---------------------------------------------------------------------------
// Writable

class WritableState {
  constructor(options, stream, isDuplex) {
    if (typeof isDuplex !== "boolean") isDuplex = stream instanceof Duplex;
    this.objectMode = !!(options && options.objectMode) || !!(isDuplex && options && options.writableObjectMode);
    this.highWaterMark = options
      ? highWaterMarkOf(this, options, "writableHighWaterMark", isDuplex)
      : getDefaultHighWaterMark(false);
    this.finalCalled = false;
    this.needDrain = false;
    this.ending = false;
    this.ended = false;
    this.finished = false;
    this.destroyed = false;
    this.decodeStrings = !(options && options.decodeStrings === false);
    const enc = options ? options.defaultEncoding : undefined;
    if (enc == null) this.defaultEncoding = "utf8";
    else if (Buffer.isEncoding(enc)) this.defaultEncoding = enc;
    else throw E.unknownEncoding(enc);
    this.length = 0;
    this.writing = false;
    this.corked = 0;
    this.sync = true;
    this.bufferProcessing = false;
    this.onwrite = (er) => writeDone(stream, er);
    this.writecb = null;
    this.writelen = 0;
    this.expectWriteCb = false;
    this.afterWritePending = false;
    this.afterWriteTickInfo = null;
    this.buffered = [];
    this.bufferedIndex = 0;
    this.allBuffers = true;
    this.allNoop = true;
    this.pendingcb = 0;
    this.constructed = true;
    this.prefinished = false;
    this.errorEmitted = false;
    this.emitClose = !(options && options.emitClose === false);
    this.autoDestroy = !(options && options.autoDestroy === false);
    this.errored = null;
    this.closed = false;
    this.closeEmitted = false;
    this[kFinishCallbacks] = [];
  }

  getBuffer() {
    return this.buffered.slice(this.bufferedIndex);
  }

  get bufferedRequestCount() {
    return this.buffered.length - this.bufferedIndex;
  }
}

function resetQueue(state) {
  state.buffered = [];
  state.bufferedIndex = 0;
  state.allBuffers = true;
  state.allNoop = true;
}

function Writable(options) {
  const isDuplex = this instanceof Duplex;
  if (!isDuplex && !Function.prototype[Symbol.hasInstance].call(Writable, this)) return new Writable(options);
  this._writableState = new WritableState(options, this, isDuplex);
  if (options) {
    if (typeof options.write === "function") this._write = options.write;
    if (typeof options.writev === "function") this._writev = options.writev;
    if (typeof options.destroy === "function") this._destroy = options.destroy;
    if (typeof options.final === "function") this._final = options.final;
    if (typeof options.construct === "function") this._construct = options.construct;
    if (options.signal) addAbortSignalNoValidate(options.signal, this);
  }
  Stream.call(this, options);
  startConstruct(this, () => {
    const state = this._writableState;
    if (!state.writing) flushQueued(this, state);
    checkFinish(this, state);
  });
}
Object.setPrototypeOf(Writable.prototype, Stream.prototype);
Object.setPrototypeOf(Writable, Stream);
Writable.WritableState = WritableState;

// A Duplex (or anything with a writable state) counts as a Writable.
Object.defineProperty(Writable, Symbol.hasInstance, {
  value: function (object) {
    if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
    if (this !== Writable) return false;
    return !!(object && object._writableState instanceof WritableState);
  },
  configurable: true,
});

Writable.prototype.pipe = function pipe() {
  errorOrDestroy(this, E.cannotPipe());
};

function writeChunk(stream, chunk, encoding, cb) {
  const state = stream._writableState;
  if (typeof cb !== "function") cb = nop;
  if (chunk === null) {
    throw E.nullValues();
  } else if (!state.objectMode) {
    // (in object mode the encoding is passed on as given)
    if (!encoding) encoding = state.defaultEncoding;
    else if (encoding !== "buffer" && !Buffer.isEncoding(encoding)) throw E.unknownEncoding(encoding);
    if (typeof chunk === "string") {
      if (state.decodeStrings !== false) {
        chunk = Buffer.from(chunk, encoding);
        encoding = "buffer";
      }
    } else if (chunk instanceof Buffer) {
      encoding = "buffer";
    } else if (ArrayBuffer.isView(chunk)) {
      chunk = toBuffer(chunk);
      encoding = "buffer";
    } else {
      throw invalidArgType("chunk", CHUNK_TYPES, chunk);
    }
  }

  let err;
  if (state.ending) err = E.writeAfterEnd();
  else if (state.destroyed) err = E.destroyed("write");
  if (err) {
    nextTick(cb, err);
    errorOrDestroy(stream, err, true);
    return err;
  }
  state.pendingcb++;
  return startOrQueue(stream, state, chunk, encoding, cb);
}

Writable.prototype.write = function write(chunk, encoding, cb) {
  if (encoding != null && typeof encoding === "function") {
    cb = encoding;
    encoding = null;
  }
  return writeChunk(this, chunk, encoding, cb) === true;
};

Writable.prototype.cork = function cork() {
  this._writableState.corked++;
};

Writable.prototype.uncork = function uncork() {
  const state = this._writableState;
  if (state.corked) {
    state.corked--;
    if (!state.writing) flushQueued(this, state);
  }
};

Writable.prototype.setDefaultEncoding = function setDefaultEncoding(encoding) {
  if (typeof encoding === "string") encoding = encoding.toLowerCase();
  if (!Buffer.isEncoding(encoding)) throw E.unknownEncoding(encoding);
  this._writableState.defaultEncoding = encoding;
  return this;
};

// Write now if nothing is in progress, otherwise queue; the return value
// is write()'s (false asks the caller to wait for 'drain').
function startOrQueue(stream, state, chunk, encoding, callback) {
  const len = state.objectMode ? 1 : chunk.length;
  state.length += len;
  if (state.writing || state.corked || state.errored || !state.constructed) {
    state.buffered.push({ chunk, encoding, callback });
    if (state.allBuffers && encoding !== "buffer") state.allBuffers = false;
    if (state.allNoop && callback !== nop) state.allNoop = false;
  } else {
    state.writelen = len;
    state.writecb = callback === nop ? null : callback;
    state.writing = true;
    state.expectWriteCb = true;
    state.sync = true;
    stream._write(chunk, encoding, state.onwrite);
    state.sync = false;
  }
  // (measured after the write: one that completed synchronously does not
  // count against the high water mark)
  const ret = state.length < state.highWaterMark || state.length === 0;
  if (!ret) state.needDrain = true;
  return ret && !state.errored && !state.destroyed;
}

function startWrite(stream, state, writev, len, chunk, encoding, cb) {
  state.writelen = len;
  state.writecb = cb === nop ? null : cb;
  state.writing = true;
  state.expectWriteCb = true;
  state.sync = true;
  if (state.destroyed) state.onwrite(E.destroyed("write"));
  else if (writev) stream._writev(chunk, state.onwrite);
  else stream._write(chunk, encoding, state.onwrite);
  state.sync = false;
}

function writeFailed(stream, state, er, cb) {
  --state.pendingcb;
  cb(er);
  failQueued(state);
  // the callback first, then 'error'
  errorOrDestroy(stream, er);
}

// The callback handed to _write/_writev.
function writeDone(stream, er) {
  const state = stream._writableState;
  if (!state.expectWriteCb) {
    errorOrDestroy(stream, E.multipleCallback());
    return;
  }
  const sync = state.sync;
  const cb = state.writecb === null ? nop : state.writecb;
  state.writing = false;
  state.expectWriteCb = false;
  state.writecb = null;
  state.length -= state.writelen;
  state.writelen = 0;

  if (er) {
    if (!state.errored) state.errored = er;
    if (stream._readableState && !stream._readableState.errored) stream._readableState.errored = er;
    if (sync) nextTick(writeFailed, stream, state, er, cb);
    else writeFailed(stream, state, er, cb);
    return;
  }
  if (state.buffered.length > state.bufferedIndex) flushQueued(stream, state);
  if (!sync) {
    afterWriteDone(stream, state, 1, cb);
    return;
  }
  // A synchronous write completes on the next tick when there is something
  // to do then: a callback to call or 'drain' to emit. Consecutive writes
  // with the same callback share one tick. (Node 22 also always takes the
  // tick in object mode: its test meant for "destroyed" reads the object
  // mode bit. Kept, as it decides when 'finish' comes.)
  const needTick = (state.needDrain && state.length === 0) || state.objectMode || cb !== nop;
  const info = state.afterWriteTickInfo;
  if (cb === nop) {
    if (!state.afterWritePending && needTick) {
      state.afterWritePending = true;
      nextTick(afterWriteDone, stream, state, 1, cb);
    } else {
      state.pendingcb--;
      if (state.ending) checkFinish(stream, state, true);
    }
  } else if (info !== null && info.cb === cb) {
    info.count++;
  } else {
    state.afterWriteTickInfo = { count: 1, cb, stream, state };
    state.afterWritePending = true;
    nextTick(afterWriteTick, state.afterWriteTickInfo);
  }
}

function afterWriteTick(info) {
  info.state.afterWriteTickInfo = null;
  afterWriteDone(info.stream, info.state, info.count, info.cb);
}

function afterWriteDone(stream, state, count, cb) {
  state.afterWritePending = false;
  const needDrain = !state.ending && !state.destroyed && state.length === 0 && state.needDrain;
  if (needDrain) {
    state.needDrain = false;
    stream.emit("drain");
  }
  while (count-- > 0) {
    state.pendingcb--;
    cb(null);
  }
  if (state.destroyed) failQueued(state);
  checkFinish(stream, state);
}

// Fail every queued write (and end() callback) of a destroyed or errored
// stream.
function failQueued(state) {
  if (state.writing) return;
  for (let n = state.bufferedIndex; n < state.buffered.length; ++n) {
    const { chunk, callback } = state.buffered[n];
    const len = state.objectMode ? 1 : chunk.length;
    state.length -= len;
    callback(state.errored != null ? state.errored : E.destroyed("write"));
  }
  const callbacks = state[kFinishCallbacks].splice(0);
  for (let i = 0; i < callbacks.length; i++) {
    callbacks[i](state.errored != null ? state.errored : E.destroyed("end"));
  }
  resetQueue(state);
}

// Write out what was queued (all at once through _writev when it exists).
function flushQueued(stream, state) {
  if (state.corked || state.bufferProcessing || state.destroyed || !state.constructed) return;
  const { buffered, bufferedIndex, objectMode } = state;
  const count = buffered.length - bufferedIndex;
  if (!count) return;
  let i = bufferedIndex;
  state.bufferProcessing = true;
  if (count > 1 && stream._writev) {
    state.pendingcb -= count - 1;
    const callback = state.allNoop ? nop : (err) => {
      for (let n = i; n < buffered.length; ++n) buffered[n].callback(err);
    };
    const chunks = state.allNoop && i === 0 ? buffered : buffered.slice(i);
    chunks.allBuffers = state.allBuffers;
    startWrite(stream, state, true, state.length, chunks, "", callback);
    resetQueue(state);
  } else {
    do {
      const { chunk, encoding, callback } = buffered[i];
      buffered[i++] = null;
      const len = objectMode ? 1 : chunk.length;
      startWrite(stream, state, false, len, chunk, encoding, callback);
    } while (i < buffered.length && !state.writing);
    if (i === buffered.length) {
      resetQueue(state);
    } else if (i > 256) {
      buffered.splice(0, i);
      state.bufferedIndex = 0;
    } else {
      state.bufferedIndex = i;
    }
  }
  state.bufferProcessing = false;
}

Writable.prototype._write = function _write(chunk, encoding, cb) {
  if (this._writev) this._writev([{ chunk, encoding }], cb);
  else throw E.notImplemented("_write()");
};

Writable.prototype._writev = null;

Writable.prototype.end = function end(chunk, encoding, cb) {
  const state = this._writableState;
  if (typeof chunk === "function") {
    cb = chunk;
    chunk = null;
    encoding = null;
  } else if (typeof encoding === "function") {
    cb = encoding;
    encoding = null;
  }

  let err;
  if (chunk !== null && chunk !== undefined) {
    const ret = writeChunk(this, chunk, encoding);
    if (ret instanceof Error) err = ret;
  }

  // end() uncorks completely
  if (state.corked) {
    state.corked = 1;
    this.uncork();
  }

  if (err) {
    // already reported
  } else if (!state.errored && !state.ending) {
    state.ending = true;
    checkFinish(this, state, true);
    state.ended = true;
  } else if (state.finished) {
    err = E.alreadyFinished("end");
  } else if (state.destroyed) {
    err = E.destroyed("end");
  }

  if (typeof cb === "function") {
    if (err) nextTick(cb, err);
    else if (state.errored) nextTick(cb, state.errored);
    else if (state.finished) nextTick(cb, null);
    else state[kFinishCallbacks].push(cb);
  }
  return this;
};

function readyToFinish(state) {
  return state.ending && !state.destroyed && state.constructed && state.length === 0 &&
    !state.errored && state.buffered.length === 0 && !state.finished && !state.writing &&
    !state.errorEmitted && !state.closeEmitted;
}

function runFinal(stream, state) {
  let called = false;
  function onFinal(err) {
    if (called) {
      errorOrDestroy(stream, err != null ? err : E.multipleCallback());
      return;
    }
    called = true;
    state.pendingcb--;
    if (err) {
      const callbacks = state[kFinishCallbacks].splice(0);
      for (let i = 0; i < callbacks.length; i++) callbacks[i](err);
      errorOrDestroy(stream, err, state.sync);
    } else if (readyToFinish(state)) {
      state.prefinished = true;
      stream.emit("prefinish");
      // 'finish' always comes after the _final callback, asynchronously.
      state.pendingcb++;
      nextTick(emitFinish, stream, state);
    }
  }
  state.sync = true;
  state.pendingcb++;
  try {
    stream._final(onFinal);
  } catch (err) {
    onFinal(err);
  }
  state.sync = false;
}

function beginFinish(stream, state) {
  if (!state.prefinished && !state.finalCalled) {
    if (typeof stream._final === "function" && !state.destroyed) {
      state.finalCalled = true;
      runFinal(stream, state);
    } else {
      state.prefinished = true;
      stream.emit("prefinish");
    }
  }
}

function checkFinish(stream, state, sync) {
  if (readyToFinish(state)) {
    beginFinish(stream, state);
    if (state.pendingcb === 0) {
      if (sync) {
        state.pendingcb++;
        nextTick((s, st) => {
          if (readyToFinish(st)) emitFinish(s, st);
          else st.pendingcb--;
        }, stream, state);
      } else if (readyToFinish(state)) {
        state.pendingcb++;
        emitFinish(stream, state);
      }
    }
  }
}

function emitFinish(stream, state) {
  state.pendingcb--;
  state.finished = true;
  const callbacks = state[kFinishCallbacks].splice(0);
  for (let i = 0; i < callbacks.length; i++) callbacks[i](null);
  stream.emit("finish");
  if (state.autoDestroy) {
    // A Duplex is destroyed once its readable side has ended too.
    const r = stream._readableState;
    const done = !r || (r.autoDestroy && (r.endEmitted || r.readable === false));
    if (done) stream.destroy();
  }
}

defineGetters(Writable.prototype, {
  closed: { get() { return this._writableState ? this._writableState.closed : false; } },
  destroyed: {
    get() { return this._writableState ? this._writableState.destroyed : false; },
    set(value) {
      if (this._writableState) this._writableState.destroyed = value;
    },
  },
  writable: {
    get() {
      const w = this._writableState;
      return !!w && w.writable !== false && !w.destroyed && !w.errored && !w.ending && !w.ended;
    },
    set(val) {
      if (this._writableState) this._writableState.writable = !!val;
    },
  },
  writableFinished: { get() { return this._writableState ? this._writableState.finished : false; } },
  writableObjectMode: { get() { return this._writableState ? this._writableState.objectMode : false; } },
  writableBuffer: { get() { return this._writableState && this._writableState.getBuffer(); } },
  writableEnded: { get() { return this._writableState ? this._writableState.ending : false; } },
  writableNeedDrain: {
    get() {
      const w = this._writableState;
      if (!w) return false;
      return !w.destroyed && !w.ending && w.needDrain;
    },
  },
  writableHighWaterMark: { get() { return this._writableState && this._writableState.highWaterMark; } },
  writableCorked: { get() { return this._writableState ? this._writableState.corked : 0; } },
  writableLength: { get() { return this._writableState && this._writableState.length; } },
  errored: {
    enumerable: false,
    get() { return this._writableState ? this._writableState.errored : null; },
  },
  writableAborted: {
    enumerable: false,
    get() {
      const w = this._writableState;
      return !!(w.writable !== false && (w.destroyed || w.errored) && !w.finished);
    },
  },
});

Writable.prototype.destroy = function destroy(err, cb) {
  const state = this._writableState;
  // pending write and end() callbacks get their error
  if (!state.destroyed && (state.bufferedIndex < state.buffered.length || state[kFinishCallbacks].length)) {
    nextTick(failQueued, state);
  }
  destroyStream.call(this, err, cb);
  return this;
};
Writable.prototype._undestroy = undestroyStream;
Writable.prototype._destroy = function _destroy(err, cb) {
  cb(err);
};
Writable.prototype[EventEmitter.captureRejectionSymbol] = function (err) {
  this.destroy(err);
};

Writable.fromWeb = function fromWeb(writableStream, options) {
  return require("stream_web_adapters").writableFromWeb(writableStream, options);
};
Writable.toWeb = function toWeb(streamWritable) {
  return require("stream_web_adapters").writableToWeb(streamWritable);
};

// ---------------------------------------------------------------------------
// Duplex

function Duplex(options) {
  if (!(this instanceof Duplex)) return new Duplex(options);
  this._readableState = new ReadableState(options, this, true);
  this._writableState = new WritableState(options, this, true);
  if (options) {
    this.allowHalfOpen = options.allowHalfOpen !== false;
    if (options.readable === false) {
      this._readableState.readable = false;
      this._readableState.ended = true;
      this._readableState.endEmitted = true;
    }
    if (options.writable === false) {
      this._writableState.writable = false;
      this._writableState.ending = true;
      this._writableState.ended = true;
      this._writableState.finished = true;
    }
    if (typeof options.read === "function") this._read = options.read;
    if (typeof options.write === "function") this._write = options.write;
    if (typeof options.writev === "function") this._writev = options.writev;
    if (typeof options.destroy === "function") this._destroy = options.destroy;
    if (typeof options.final === "function") this._final = options.final;
    if (typeof options.construct === "function") this._construct = options.construct;
    if (options.signal) addAbortSignalNoValidate(options.signal, this);
  } else {
    this.allowHalfOpen = true;
  }
  Stream.call(this, options);
  if (this._construct != null) {
    startConstruct(this, () => {
      const r = this._readableState;
      if (r.needReadable) scheduleReadMore(this, r);
      const w = this._writableState;
      if (!w.writing) flushQueued(this, w);
      checkFinish(this, w);
    });
  }
}
Object.setPrototypeOf(Duplex.prototype, Readable.prototype);
Object.setPrototypeOf(Duplex, Readable);

for (const method of ["write", "cork", "uncork", "setDefaultEncoding", "_write", "end"]) {
  Duplex.prototype[method] = Writable.prototype[method];
}
Duplex.prototype._writev = null;
Duplex.prototype.destroy = Writable.prototype.destroy;

for (const name of ["writable", "writableHighWaterMark", "writableObjectMode", "writableBuffer", "writableLength",
  "writableFinished", "writableCorked", "writableEnded", "writableNeedDrain"]) {
  Object.defineProperty(Duplex.prototype, name, Object.getOwnPropertyDescriptor(Writable.prototype, name));
}
Object.defineProperty(Duplex.prototype, "destroyed", {
  enumerable: false,
  configurable: true,
  get() {
    if (this._readableState === undefined || this._writableState === undefined) return false;
    return this._readableState.destroyed && this._writableState.destroyed;
  },
  set(value) {
    if (this._readableState && this._writableState) {
      this._readableState.destroyed = value;
      this._writableState.destroyed = value;
    }
  },
});

Duplex.fromWeb = function fromWeb(pair, options) {
  return require("stream_web_adapters").duplexFromWeb(pair, options);
};
Duplex.toWeb = function toWeb(duplex) {
  return require("stream_web_adapters").duplexToWeb(duplex);
};
Duplex.from = function from(body) {
  return duplexFrom(body, "body");
};

// ---------------------------------------------------------------------------
// Transform and PassThrough

function Transform(options) {
  if (!(this instanceof Transform)) return new Transform(options);
  // With readableHighWaterMark 0, the writable side must not buffer either.
  const readableHwm = options ? highWaterMarkOf(this, options, "readableHighWaterMark", true) : null;
  if (readableHwm === 0) {
    options = Object.assign({}, options, {
      highWaterMark: null,
      readableHighWaterMark: readableHwm,
      writableHighWaterMark: options.writableHighWaterMark || 0,
    });
  }
  Duplex.call(this, options);
  this._readableState.sync = false;
  this[kTransformCallback] = null;
  if (options) {
    if (typeof options.transform === "function") this._transform = options.transform;
    if (typeof options.flush === "function") this._flush = options.flush;
  }
  // Flush on 'prefinish' too, for subclasses that override _final.
  this.on("prefinish", transformPrefinish);
}
Object.setPrototypeOf(Transform.prototype, Duplex.prototype);
Object.setPrototypeOf(Transform, Duplex);

function transformFinal(cb) {
  if (typeof this._flush === "function" && !this.destroyed) {
    this._flush((er, data) => {
      if (er) {
        if (cb) cb(er);
        else this.destroy(er);
        return;
      }
      if (data != null) this.push(data);
      this.push(null);
      if (cb) cb();
    });
  } else {
    this.push(null);
    if (cb) cb();
  }
}

function transformPrefinish() {
  if (this._final !== transformFinal) transformFinal.call(this);
}

Transform.prototype._final = transformFinal;

Transform.prototype._transform = function _transform(chunk, encoding, callback) {
  throw E.notImplemented("_transform()");
};

Transform.prototype._write = function _write(chunk, encoding, callback) {
  const r = this._readableState;
  const w = this._writableState;
  const lengthBefore = r.length;
  this._transform(chunk, encoding, (err, val) => {
    if (err) {
      callback(err);
      return;
    }
    if (val != null) this.push(val);
    if (r.ended) {
      // push(null) happened: let that state settle first
      nextTick(callback);
    } else if (w.ended || lengthBefore === r.length || r.length < r.highWaterMark) {
      callback();
    } else {
      // hold the writable side until the readable side is read
      this[kTransformCallback] = callback;
    }
  });
};

Transform.prototype._read = function _read() {
  if (this[kTransformCallback]) {
    const callback = this[kTransformCallback];
    this[kTransformCallback] = null;
    callback();
  }
};

function PassThrough(options) {
  if (!(this instanceof PassThrough)) return new PassThrough(options);
  Transform.call(this, options);
}
Object.setPrototypeOf(PassThrough.prototype, Transform.prototype);
Object.setPrototypeOf(PassThrough, Transform);

PassThrough.prototype._transform = function _transform(chunk, encoding, cb) {
  cb(null, chunk);
};

// ---------------------------------------------------------------------------
// duplexPair: two Duplex sides, each writing into the other's readable side

const kOtherSide = Symbol("kOtherSide");
const kSideCallback = Symbol("kSideCallback");

class DuplexSide extends Duplex {
  constructor(options) {
    super(options);
    this[kOtherSide] = null;
    this[kSideCallback] = null;
  }

  _read() {
    const callback = this[kSideCallback];
    if (callback) {
      this[kSideCallback] = null;
      callback();
    }
  }

  _write(chunk, encoding, callback) {
    if (chunk.length === 0) {
      nextTick(callback);
    } else {
      this[kOtherSide].push(chunk);
      this[kOtherSide][kSideCallback] = callback;
    }
  }

  _final(callback) {
    this[kOtherSide].on("end", callback);
    this[kOtherSide].push(null);
  }
}

function duplexPair(options) {
  const a = new DuplexSide(options);
  const b = new DuplexSide(options);
  a[kOtherSide] = b;
  b[kOtherSide] = a;
  return [a, b];
}

// ---------------------------------------------------------------------------
// addAbortSignal

function addAbortSignal(signal, stream) {
  validateAbortSignal(signal, "signal");
  if (!isNodeStream(stream)) {
    throw invalidArgType("stream", "an instance of ReadableStream, WritableStream, or Stream", stream);
  }
  return addAbortSignalNoValidate(signal, stream);
}

function addAbortSignalNoValidate(signal, stream) {
  if (typeof signal !== "object" || signal === null || !("aborted" in signal)) return stream;
  const abort = () => {
    stream.destroy(new AbortError(undefined, { cause: signal.reason }));
  };
  if (signal.aborted) {
    abort();
  } else {
    const stop = onAbort(signal, abort);
    finished(stream, stop);
  }
  return stream;
}

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
