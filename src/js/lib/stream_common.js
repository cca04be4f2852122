// stream_common.js - what the parts of node:stream share (see node_stream.js):
// the symbols, errors and checks, the high water marks, the legacy Stream
// base, destroy and construct, the predicates (isReadable, isDisturbed, ...),
// finished(), addAbortSignal() and the getters helper.

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
// Accessors on a prototype (Readable's and Writable's)

function defineGetters(proto, getters) {
  for (const [name, desc] of Object.entries(getters)) {
    Object.defineProperty(proto, name, Object.assign({ enumerable: false, configurable: true }, desc));
  }
}

// Set one by one: a part may load after guest code replaced Object.assign.
exports.AbortError = AbortError;
exports.CHUNK_TYPES = CHUNK_TYPES;
exports.E = E;
exports.Stream = Stream;
exports.addAbortSignal = addAbortSignal;
exports.addAbortSignalNoValidate = addAbortSignalNoValidate;
exports.callOnce = callOnce;
exports.combineErrors = combineErrors;
exports.defineGetters = defineGetters;
exports.destroyAny = destroyAny;
exports.destroyStream = destroyStream;
exports.errCode = errCode;
exports.errorOrDestroy = errorOrDestroy;
exports.finished = finished;
exports.finishedPromise = finishedPromise;
exports.getDefaultHighWaterMark = getDefaultHighWaterMark;
exports.highWaterMarkOf = highWaterMarkOf;
exports.isDestroyed = isDestroyed;
exports.isDisturbed = isDisturbed;
exports.isDuplexNodeStream = isDuplexNodeStream;
exports.isErrored = isErrored;
exports.isIterable = isIterable;
exports.isNodeStream = isNodeStream;
exports.isReadable = isReadable;
exports.isReadableFinished = isReadableFinished;
exports.isReadableNodeStream = isReadableNodeStream;
exports.isUint8Array = isUint8Array;
exports.isWebStream = isWebStream;
exports.isWritable = isWritable;
exports.isWritableNodeStream = isWritableNodeStream;
exports.kEmptyResult = kEmptyResult;
exports.kEndOfStream = kEndOfStream;
exports.kFinishCallbacks = kFinishCallbacks;
exports.kPausedFlag = kPausedFlag;
exports.kTransformCallback = kTransformCallback;
exports.nextTick = nextTick;
exports.nop = nop;
exports.onAbort = onAbort;
exports.prependTo = prependTo;
exports.setDefaultHighWaterMark = setDefaultHighWaterMark;
exports.startConstruct = startConstruct;
exports.toBuffer = toBuffer;
exports.undestroyStream = undestroyStream;
exports.validateAbortSignal = validateAbortSignal;
exports.validateFunction = validateFunction;
exports.validateInteger = validateInteger;
exports.validateObject = validateObject;
exports.webAsNodeStream = webAsNodeStream;
