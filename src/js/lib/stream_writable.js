// stream_writable.js - node:stream's Writable (see node_stream.js): its state,
// write, cork, end and finish; and what builds on Readable and Writable both:
// Duplex, Transform, PassThrough and duplexPair.
"use strict";

const {
  CHUNK_TYPES, E, Stream, addAbortSignalNoValidate, defineGetters, destroyStream, errorOrDestroy,
  getDefaultHighWaterMark, highWaterMarkOf, kFinishCallbacks, kTransformCallback, nextTick, nop,
  startConstruct, toBuffer, undestroyStream,
} = require("stream_common");
const { EventEmitter } = require("events");
const { Buffer } = require("node_buffer");
const { invalidArgType } = require("web_errors");
const { Readable, ReadableState, scheduleReadMore } = require("stream_readable");

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

// Set one by one: a part may load after guest code replaced Object.assign.
exports.Duplex = Duplex;
exports.PassThrough = PassThrough;
exports.Transform = Transform;
exports.Writable = Writable;
exports.duplexPair = duplexPair;
