// stream_readable.js - node:stream's Readable (see node_stream.js): its state,
// push and read, flowing and paused modes, pipe, async iteration and
// Readable.from.
"use strict";

const {
  AbortError, CHUNK_TYPES, E, Stream, addAbortSignalNoValidate, combineErrors, defineGetters,
  destroyAny, destroyStream, errorOrDestroy, finished, getDefaultHighWaterMark, highWaterMarkOf,
  kPausedFlag, nextTick, nop, prependTo, startConstruct, toBuffer, undestroyStream, validateObject,
} = require("stream_common");
const { EventEmitter } = require("events");
const { Buffer } = require("node_buffer");
const { invalidArgType, outOfRange } = require("web_errors");

// stream_writable.js builds Duplex on Readable and this file checks for it;
// its name is bound at the end of this file, once this file's exports are set.
// stream_writable.js uses Readable as it loads, so this file loads first
// (node_stream.js requires it before stream_writable.js).
let Duplex;

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

// Set one by one: a part may load after guest code replaced Object.assign.
exports.Readable = Readable;
exports.ReadableState = ReadableState;
exports.readableFromIterable = readableFromIterable;
exports.scheduleReadMore = scheduleReadMore;
({ Duplex } = require("stream_writable"));
