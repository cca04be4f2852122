// web_streams.js - the WHATWG Streams standard as Node 22 exposes it:
// ReadableStream (default and byte streams, readers, tee, pipeTo,
// pipeThrough, async iteration, from), WritableStream, TransformStream, the
// two queuing strategies, and the encoding and compression transforms.
//
// Each public object holds one private record with the spec's internal
// slots; the algorithms below work on the records and are named after the
// spec's abstract operations (rs* ReadableStream, dc* default controller,
// bc* byte controller, ws* WritableStream, wc* its controller, ts*
// TransformStream). Errors carry Node's codes and messages.
//
// Hot paths (a download streamed in 16-64 KB chunks) allocate per chunk
// only what the spec makes observable: the read promise and its result.
// Per-stream callbacks are made once, when the stream is set up.
"use strict";

const {
  codedError,
  illegalConstructor,
  inspectValue,
  invalidArgType,
  invalidThis,
  outOfRange,
} = require("web_errors");

const kInspect = Symbol.for("nodejs.util.inspect.custom");
const kInternal = Symbol("kInternal"); // lets this file construct public objects

// ---------------------------------------------------------------- helpers

function invalidState(message, Ctor = TypeError) {
  return codedError(Ctor, "ERR_INVALID_STATE", `Invalid state: ${message}`);
}

// Node's ERR_INVALID_ARG_VALUE with its optional reason and error class.
function argValue(name, value, reason = "is invalid", Ctor = TypeError) {
  let shown = inspectValue(value);
  if (shown.length > 128) shown = `${shown.slice(0, 128)}...`;
  const kind = name.includes(".") ? "property" : "argument";
  return codedError(Ctor, "ERR_INVALID_ARG_VALUE", `The ${kind} '${name}' ${reason}. Received ${shown}`);
}

// Node's validateObject: arrays and functions pass; null only if allowed.
function validateObject(value, name, allowNull) {
  if (value === null ? !allowNull : typeof value !== "object" && typeof value !== "function") {
    throw invalidArgType(name, "of type object", value);
  }
}

// An optional callback member of a source, sink or transformer.
function callbackMember(obj, key, name) {
  const fn = obj[key];
  if (!fn) return undefined;
  if (typeof fn !== "function") throw invalidArgType(name, "of type function", fn);
  return fn;
}

// Node binds start() eagerly, so a non-function start fails with bind's text.
function startMember(obj, message = "Bind must be called on a function") {
  const fn = obj.start;
  if (!fn) return undefined;
  if (typeof fn !== "function") throw new TypeError(message);
  return fn;
}

function extractHighWaterMark(value, dflt) {
  if (value === undefined) return dflt;
  value = +value;
  if (Number.isNaN(value) || value < 0) throw argValue("strategy.highWaterMark", value, "is invalid", RangeError);
  return value;
}

function extractSizeAlgorithm(size) {
  if (size === undefined) return undefined;
  if (typeof size !== "function") throw invalidArgType("strategy.size", "of type function", size);
  return size;
}

function validateChunkSize(size) {
  size = +size;
  if (Number.isNaN(size) || size < 0 || size === Infinity) throw argValue("size", size, "is invalid", RangeError);
  return size;
}

const RESOLVED = Promise.resolve();
function noop() {}
function markHandled(promise) {
  promise.then(undefined, noop);
  return promise;
}
function rejectedHandled(error) {
  return markHandled(Promise.reject(error));
}

// The promise of calling an algorithm: sync throws become rejections, and
// a returned promise or thenable is adopted by a new promise (two jobs
// later, as in Node, whose timing guests can observe).
function resultPromise(value) {
  if (value !== null && (typeof value === "object" || typeof value === "function")) {
    return new Promise((resolve) => resolve(value));
  }
  return Promise.resolve(value);
}

function promiseCall(fn, thisArg, arg) {
  if (fn === undefined) return RESOLVED;
  try {
    return resultPromise(fn.call(thisArg, arg));
  } catch (err) {
    return Promise.reject(err);
  }
}

// Internal algorithms return their promise themselves (or nothing).
function internalCall(fn, thisArg, a, b) {
  if (fn === undefined) return RESOLVED;
  try {
    const result = fn.call(thisArg, a, b);
    return result instanceof Promise ? result : RESOLVED;
  } catch (err) {
    return Promise.reject(err);
  }
}

function promiseCall2(fn, thisArg, a, b) {
  if (fn === undefined) return RESOLVED;
  try {
    return resultPromise(fn.call(thisArg, a, b));
  } catch (err) {
    return Promise.reject(err);
  }
}

// A FIFO with a moving head: shift() is O(1) and a drained queue reuses its
// array.
class Queue {
  constructor() {
    this.items = [];
    this.head = 0;
  }
  size() {
    return this.items.length - this.head;
  }
  push(value) {
    this.items.push(value);
  }
  peek() {
    return this.items[this.head];
  }
  shift() {
    const items = this.items;
    const value = items[this.head];
    items[this.head++] = undefined;
    if (this.head === items.length) {
      items.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > items.length) {
      this.items = items.slice(this.head);
      this.head = 0;
    }
    return value;
  }
  clear() {
    this.items = [];
    this.head = 0;
  }
}

// What Node's custom inspect prints: "Name { ...data }". Past the depth
// limit Node's function returns its unbound `this`, which prints undefined.
function customInspect(name, data, depth, options, inspect) {
  if (depth < 0) return undefined;
  const fn = typeof inspect === "function" ? inspect : require("inspect").inspect;
  const opts = Object.assign({}, options);
  opts.depth = options.depth == null ? null : options.depth - 1;
  return `${name} ${fn(data, opts)}`;
}

// Node's WebIDL members are enumerable; the tag is read-only.
// `keys` also gives the order of the members (Node's, not always the
// spec's). Node's TextEncoderStream and TextDecoderStream have no tag.
function finishClass(C, keys, statics, tag = true) {
  const proto = C.prototype;
  for (const key of keys) {
    const d = Object.getOwnPropertyDescriptor(proto, key);
    d.enumerable = true;
    delete proto[key];
    Object.defineProperty(proto, key, d);
  }
  if (tag) Object.defineProperty(proto, Symbol.toStringTag, { value: C.name, writable: false, enumerable: false, configurable: true });
  if (statics) {
    for (const key of statics) {
      const d = Object.getOwnPropertyDescriptor(C, key);
      d.enumerable = true;
      Object.defineProperty(C, key, d);
    }
  }
}

function isArrayBufferView(v) {
  return ArrayBuffer.isView(v);
}

function isDataView(v) {
  return v instanceof DataView;
}

// Spec: TransferArrayBuffer. The new buffer takes the bytes without copying.
function transferBuffer(buffer) {
  if (buffer.detached) throw invalidState("The ArrayBuffer is detached");
  return buffer.transfer();
}

function copyBytes(dest, destOffset, src, srcOffset, n) {
  new Uint8Array(dest, destOffset, n).set(new Uint8Array(src, srcOffset, n));
}

let BufferCtor;
function isBufferCtor(ctor) {
  if (BufferCtor === undefined) BufferCtor = require("node_buffer").Buffer;
  return ctor === BufferCtor;
}

// A view of the same kind over the transferred bytes.
function makeView(ctor, buffer, byteOffset, length) {
  if (ctor === Uint8Array) return new Uint8Array(buffer, byteOffset, length);
  if (ctor === DataView) return new DataView(buffer, byteOffset, length);
  if (isBufferCtor(ctor)) return BufferCtor.from(buffer, byteOffset, length);
  return new ctor(buffer, byteOffset, length);
}

// ================================================================ records
//
// The internal slots. Public objects hold one of these in a private field;
// `pub` points back at the public object.

class StreamRec {
  constructor() {
    this.pub = null;
    this.state = "readable";
    this.reader = null; // ReaderRec
    this.storedError = undefined;
    this.disturbed = false;
    this.ctrl = null; // DefaultCtrlRec or ByteCtrlRec
    this.closedWatch = null; // a deferred, made by closedPromise()
  }
}

class ReaderRec {
  constructor(byob) {
    this.pub = null;
    this.stream = null;
    this.byob = byob;
    this.requests = []; // read requests or read-into requests
    this.closedP = null;
    this.closedRes = null; // set while the closed promise is pending
    this.closedRej = null;
  }
}

class DefaultCtrlRec {
  constructor(stream) {
    this.pub = null;
    this.stream = stream;
    this.byte = false;
    this.queue = new Queue();
    this.sizes = null; // a Queue of chunk sizes when a size algorithm is given
    this.total = 0;
    this.started = false;
    this.closeRequested = false;
    this.pulling = false;
    this.pullAgain = false;
    this.hwm = 1;
    this.sizeFn = undefined;
    this.pullFn = undefined;
    this.cancelFn = undefined;
    this.src = undefined; // `this` for pullFn and cancelFn
    this.user = false; // the algorithms are the guest's (see resultPromise)
    this.onPullOk = () => {
      this.pulling = false;
      if (this.pullAgain) {
        this.pullAgain = false;
        dcCallPullIfNeeded(this);
      }
    };
    this.onPullErr = (err) => dcError(this, err);
  }
}

class ByteCtrlRec {
  constructor(stream) {
    this.pub = null;
    this.stream = stream;
    this.byte = true;
    this.queue = new Queue(); // { buffer, byteOffset, byteLength }
    this.total = 0;
    this.started = false;
    this.closeRequested = false;
    this.pulling = false;
    this.pullAgain = false;
    this.hwm = 0;
    this.pullFn = undefined;
    this.cancelFn = undefined;
    this.src = undefined;
    this.user = false;
    this.autoAllocateChunkSize = undefined;
    this.pending = []; // pull-into descriptors
    this.byobRequest = null; // the public ReadableStreamBYOBRequest
    this.onPullOk = () => {
      this.pulling = false;
      if (this.pullAgain) {
        this.pullAgain = false;
        bcCallPullIfNeeded(this);
      }
    };
    this.onPullErr = (err) => bcError(this, err);
  }
}

class PullIntoDescriptor {
  constructor(buffer, byteOffset, byteLength, minimumFill, elementSize, ctor, readerType) {
    this.buffer = buffer;
    this.bufferByteLength = buffer.byteLength;
    this.byteOffset = byteOffset;
    this.byteLength = byteLength;
    this.bytesFilled = 0;
    this.minimumFill = minimumFill;
    this.elementSize = elementSize;
    this.ctor = ctor;
    this.readerType = readerType; // "default", "byob" or "none"
  }
}

// A read request made by read(): settles the promise read() returned.
class ReadRequest {
  constructor() {
    const d = Promise.withResolvers();
    this.promise = d.promise;
    this.res = d.resolve;
    this.rej = d.reject;
  }
  chunk(value) {
    this.res({ value, done: false });
  }
  close(value) {
    this.res({ value, done: true });
  }
  error(err) {
    this.rej(err);
  }
}

// =========================================================== ReadableStream

let rsOf; // (value) -> StreamRec or undefined
let readerOf;
let byobReaderOf;
let dcOf;
let bcOf;
let byobRequestOf;
let newBYOBRequest;
let invalidateBYOBRequest;
let viewOfBYOBRequest;

class ReadableStream {
  #r;

  constructor(source = undefined, strategy = undefined) {
    if (source === kInternal) {
      this.#r = strategy;
      strategy.pub = this;
      return;
    }
    if (source === undefined) source = {};
    validateObject(source, "source", false);
    validateObject(strategy === undefined ? {} : strategy, "strategy", true);
    const rec = new StreamRec();
    rec.pub = this;
    this.#r = rec;
    // Strategy first, then the source, as the spec orders the conversions.
    const size = strategy == null ? undefined : strategy.size;
    const highWaterMark = strategy == null ? undefined : strategy.highWaterMark;
    const type = source.type;
    if (`${type}` === "bytes") {
      if (size !== undefined) throw argValue("strategy.size", size, "is invalid", RangeError);
      setUpByteControllerFromSource(rec, source, extractHighWaterMark(highWaterMark, 0));
    } else {
      if (type !== undefined) throw argValue("source.type", type);
      setUpDefaultControllerFromSource(rec, source, extractHighWaterMark(highWaterMark, 1),
        extractSizeAlgorithm(size));
    }
  }

  static {
    rsOf = (v) => (v !== null && typeof v === "object" && #r in v ? v.#r : undefined);
  }

  get locked() {
    const s = rsOf(this);
    if (s === undefined) throw invalidThis("ReadableStream");
    return s.reader !== null;
  }

  static from(iterable) {
    return readableStreamFromIterable(iterable);
  }

  cancel(reason = undefined) {
    const s = rsOf(this);
    if (s === undefined) return Promise.reject(invalidThis("ReadableStream"));
    if (s.reader !== null) return Promise.reject(invalidState("ReadableStream is locked"));
    return rsCancel(s, reason);
  }

  getReader(options = undefined) {
    const s = rsOf(this);
    if (s === undefined) throw invalidThis("ReadableStream");
    if (options !== undefined) validateObject(options, "options", true);
    const mode = options == null ? undefined : options.mode;
    if (mode === undefined) return new ReadableStreamDefaultReader(this);
    if (`${mode}` !== "byob") throw argValue("options.mode", mode);
    return new ReadableStreamBYOBReader(this);
  }

  pipeThrough(transform, options = undefined) {
    const s = rsOf(this);
    if (s === undefined) throw invalidThis("ReadableStream");
    const readable = transform == null ? undefined : transform.readable;
    if (rsOf(readable) === undefined) {
      throw invalidArgType("transform.readable", "an instance of ReadableStream", readable);
    }
    const writable = transform.writable;
    const w = wsOf(writable);
    if (w === undefined) throw invalidArgType("transform.writable", "an instance of WritableStream", writable);
    const o = pipeOptions(options);
    if (s.reader !== null) throw invalidState("The ReadableStream is locked");
    if (w.writer !== null) throw invalidState("The WritableStream is locked");
    markHandled(rsPipeTo(s, w, o.preventClose, o.preventAbort, o.preventCancel, o.signal));
    return readable;
  }

  pipeTo(destination, options = undefined) {
    try {
      const s = rsOf(this);
      if (s === undefined) throw invalidThis("ReadableStream");
      const w = wsOf(destination);
      if (w === undefined) throw invalidArgType("transform.writable", "an instance of WritableStream", destination);
      const o = pipeOptions(options);
      if (s.reader !== null) throw invalidState("The ReadableStream is locked");
      if (w.writer !== null) throw invalidState("The WritableStream is locked");
      return rsPipeTo(s, w, o.preventClose, o.preventAbort, o.preventCancel, o.signal);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  tee() {
    const s = rsOf(this);
    if (s === undefined) throw invalidThis("ReadableStream");
    const branches = s.ctrl.byte ? byteTee(s) : defaultTee(s);
    return [branches[0].pub, branches[1].pub];
  }

  values(options = undefined) {
    const s = rsOf(this);
    if (s === undefined) throw invalidThis("ReadableStream");
    if (options !== undefined) validateObject(options, "options", true);
    const preventCancel = options != null && !!options.preventCancel;
    return newAsyncIterator(s, preventCancel);
  }

  [kInspect](depth, options, inspect) {
    const s = this.#r;
    return customInspect("ReadableStream",
      { locked: s.reader !== null, state: s.state, supportsBYOB: s.ctrl !== null && s.ctrl.byte },
      depth, options, inspect);
  }
}

finishClass(ReadableStream, ["locked", "cancel", "getReader", "pipeThrough", "pipeTo", "tee", "values"], ["from"]);
Object.defineProperty(ReadableStream.prototype, Symbol.asyncIterator, {
  value: ReadableStream.prototype.values, writable: true, enumerable: false, configurable: true,
});

function newStreamRec() {
  const rec = new StreamRec();
  new ReadableStream(kInternal, rec);
  return rec;
}

function pipeOptions(options) {
  if (options !== undefined) validateObject(options, "options", true);
  const o = options == null ? {} : options;
  const preventAbort = o.preventAbort;
  const preventCancel = o.preventCancel;
  const preventClose = o.preventClose;
  const signal = o.signal;
  if (signal !== undefined && !require("abort").isAbortSignal(signal)) {
    throw invalidArgType("options.signal", "an instance of AbortSignal", signal);
  }
  return { preventAbort: !!preventAbort, preventCancel: !!preventCancel, preventClose: !!preventClose, signal };
}

// ------------------------------------------------ ReadableStream algorithms

function rsCancel(s, reason) {
  s.disturbed = true;
  if (s.state === "closed") return RESOLVED;
  if (s.state === "errored") return Promise.reject(s.storedError);
  rsClose(s);
  const reader = s.reader;
  if (reader !== null && reader.byob) {
    const requests = reader.requests;
    reader.requests = [];
    for (let i = 0; i < requests.length; i++) requests[i].close(undefined);
  }
  const c = s.ctrl;
  const result = c.byte ? bcCancelSteps(c, reason) : dcCancelSteps(c, reason);
  return result.then(noop);
}

function rsClose(s) {
  s.state = "closed";
  if (s.closedWatch !== null) s.closedWatch.resolve();
  const reader = s.reader;
  if (reader === null) return;
  if (reader.closedRes !== null) {
    reader.closedRes();
    reader.closedRes = reader.closedRej = null;
  }
  if (!reader.byob) {
    const requests = reader.requests;
    if (requests.length === 0) return;
    reader.requests = [];
    for (let i = 0; i < requests.length; i++) requests[i].close(undefined);
  }
}

function rsError(s, err) {
  s.state = "errored";
  s.storedError = err;
  if (s.closedWatch !== null) s.closedWatch.reject(err);
  const reader = s.reader;
  if (reader === null) return;
  if (reader.closedRej !== null) {
    reader.closedRej(err);
    reader.closedRes = reader.closedRej = null;
    markHandled(reader.closedP);
  }
  const requests = reader.requests;
  reader.requests = [];
  for (let i = 0; i < requests.length; i++) requests[i].error(err);
}

function rsFulfillReadRequest(s, chunk, done) {
  const request = s.reader.requests.shift();
  if (done) request.close(undefined);
  else request.chunk(chunk);
}

function rsFulfillReadIntoRequest(s, chunk, done) {
  const request = s.reader.requests.shift();
  if (done) request.close(chunk);
  else request.chunk(chunk);
}

function hasDefaultReader(s) {
  return s.reader !== null && !s.reader.byob;
}

function hasBYOBReader(s) {
  return s.reader !== null && s.reader.byob;
}

function numRequests(s) {
  return s.reader.requests.length;
}

// ---------------------------------------------------------------- readers

function readerInitialize(reader, s) {
  reader.stream = s;
  s.reader = reader;
  if (s.state === "readable") {
    const d = Promise.withResolvers();
    reader.closedP = d.promise;
    reader.closedRes = d.resolve;
    reader.closedRej = d.reject;
  } else if (s.state === "closed") {
    reader.closedP = Promise.resolve();
  } else {
    reader.closedP = rejectedHandled(s.storedError);
  }
}

function readerGenericCancel(reader, reason) {
  return rsCancel(reader.stream, reason);
}

function readerGenericRelease(reader) {
  const s = reader.stream;
  const err = invalidState("Reader released");
  if (reader.closedRej !== null) {
    reader.closedRej(err);
    reader.closedRes = reader.closedRej = null;
  } else {
    reader.closedP = Promise.reject(err);
  }
  markHandled(reader.closedP);
  if (s.ctrl.byte) bcReleaseSteps(s.ctrl);
  s.reader = null;
  reader.stream = null;
}

// ReadableStreamDefaultReaderRelease and ReadableStreamBYOBReaderRelease.
function readerRelease(reader) {
  readerGenericRelease(reader);
  const requests = reader.requests;
  if (requests.length === 0) return;
  reader.requests = [];
  const err = invalidState("Releasing reader");
  for (let i = 0; i < requests.length; i++) requests[i].error(err);
}

function acquireDefaultReader(s) {
  const reader = new ReaderRec(false);
  new ReadableStreamDefaultReader(kInternal, reader);
  if (s.reader !== null) throw invalidState("ReadableStream is locked");
  readerInitialize(reader, s);
  return reader;
}

function acquireBYOBReader(s) {
  const reader = new ReaderRec(true);
  new ReadableStreamBYOBReader(kInternal, reader);
  if (s.reader !== null) throw invalidState("ReadableStream is locked");
  readerInitialize(reader, s);
  return reader;
}

function defaultReaderRead(reader, request) {
  const s = reader.stream;
  s.disturbed = true;
  if (s.state === "closed") request.close(undefined);
  else if (s.state === "errored") request.error(s.storedError);
  else if (s.ctrl.byte) bcPullSteps(s.ctrl, request);
  else dcPullSteps(s.ctrl, request);
}

function byobReaderRead(reader, view, min, request) {
  const s = reader.stream;
  s.disturbed = true;
  if (s.state === "errored") request.error(s.storedError);
  else bcPullInto(s.ctrl, view, min, request);
}

class ReadableStreamDefaultReader {
  #r;

  constructor(stream) {
    if (stream === kInternal) {
      this.#r = arguments[1];
      this.#r.pub = this;
      return;
    }
    const s = rsOf(stream);
    if (s === undefined) throw invalidArgType("stream", "an instance of ReadableStream", stream);
    const reader = new ReaderRec(false);
    reader.pub = this;
    this.#r = reader;
    if (s.reader !== null) throw invalidState("ReadableStream is locked");
    readerInitialize(reader, s);
  }

  static {
    readerOf = (v) => (v !== null && typeof v === "object" && #r in v ? v.#r : undefined);
  }

  read() {
    const reader = readerOf(this);
    if (reader === undefined || reader.byob) return Promise.reject(invalidThis("ReadableStreamDefaultReader"));
    const s = reader.stream;
    if (s === null) return Promise.reject(invalidState("The reader is not attached to a stream"));
    // Data already queued: no read request needed.
    const c = s.ctrl;
    if (!c.byte && s.state === "readable" && c.queue.size() > 0) {
      s.disturbed = true;
      const chunk = dcDequeue(c);
      if (c.closeRequested && c.queue.size() === 0) {
        dcClearAlgorithms(c);
        rsClose(s);
      } else {
        dcCallPullIfNeeded(c);
      }
      return Promise.resolve({ value: chunk, done: false });
    }
    const request = new ReadRequest();
    defaultReaderRead(reader, request);
    return request.promise;
  }

  releaseLock() {
    const reader = readerOf(this);
    if (reader === undefined || reader.byob) throw invalidThis("ReadableStreamDefaultReader");
    if (reader.stream === null) return;
    readerRelease(reader);
  }

  get closed() {
    const reader = readerOf(this);
    if (reader === undefined || reader.byob) return Promise.reject(invalidThis("ReadableStreamDefaultReader"));
    return reader.closedP;
  }

  cancel(reason = undefined) {
    const reader = readerOf(this);
    if (reader === undefined || reader.byob) return Promise.reject(invalidThis("ReadableStreamDefaultReader"));
    if (reader.stream === null) return Promise.reject(invalidState("The reader is not attached to a stream"));
    return readerGenericCancel(reader, reason);
  }

  [kInspect](depth, options, inspect) {
    const reader = this.#r;
    return customInspect("ReadableStreamDefaultReader", {
      stream: reader.stream === null ? undefined : reader.stream.pub,
      readRequests: reader.requests.length,
      close: reader.closedP,
    }, depth, options, inspect);
  }
}

finishClass(ReadableStreamDefaultReader, ["read", "releaseLock", "closed", "cancel"]);

class ReadableStreamBYOBReader {
  #r;

  constructor(stream) {
    if (stream === kInternal) {
      this.#r = arguments[1];
      this.#r.pub = this;
      return;
    }
    const s = rsOf(stream);
    if (s === undefined) throw invalidArgType("stream", "an instance of ReadableStream", stream);
    const reader = new ReaderRec(true);
    reader.pub = this;
    this.#r = reader;
    if (s.reader !== null) throw invalidState("ReadableStream is locked");
    if (!s.ctrl.byte) throw argValue("stream", stream, "must be a byte stream");
    readerInitialize(reader, s);
  }

  static {
    byobReaderOf = (v) => (v !== null && typeof v === "object" && #r in v ? v.#r : undefined);
  }

  async read(view, options = undefined) {
    const reader = byobReaderOf(this);
    if (reader === undefined || !reader.byob) throw invalidThis("ReadableStreamBYOBReader");
    if (!isArrayBufferView(view)) throw invalidArgType("view", "an instance of Buffer, TypedArray, or DataView", view);
    if (options !== undefined) validateObject(options, "options", true);
    const byteLength = view.byteLength;
    const buffer = view.buffer;
    if (typeof SharedArrayBuffer === "function" && buffer instanceof SharedArrayBuffer) {
      throw argValue("view", view, "must not be backed by a SharedArrayBuffer");
    }
    if (byteLength === 0 || buffer.byteLength === 0) {
      throw invalidState("View or Viewed ArrayBuffer is zero-length or detached");
    }
    let min = options == null ? undefined : options.min;
    if (min === undefined) min = 1;
    if (typeof min !== "number") throw invalidArgType("options.min", "of type number", min);
    if (!Number.isInteger(min)) throw argValue("options.min", min, "must be an integer");
    if (min <= 0) throw argValue("options.min", min, "must be greater than 0");
    if (!isDataView(view)) {
      if (min > view.length) throw outOfRange("options.min", "<= view.length", min);
    } else if (min > byteLength) {
      throw outOfRange("options.min", "<= view.byteLength", min);
    }
    if (reader.stream === null) throw invalidState("The reader is not attached to a stream");
    const request = new ReadRequest();
    byobReaderRead(reader, view, min, request);
    return request.promise;
  }

  releaseLock() {
    const reader = byobReaderOf(this);
    if (reader === undefined || !reader.byob) throw invalidThis("ReadableStreamBYOBReader");
    if (reader.stream === null) return;
    readerRelease(reader);
  }

  get closed() {
    const reader = byobReaderOf(this);
    if (reader === undefined || !reader.byob) return Promise.reject(invalidThis("ReadableStreamBYOBReader"));
    return reader.closedP;
  }

  cancel(reason = undefined) {
    const reader = byobReaderOf(this);
    if (reader === undefined || !reader.byob) return Promise.reject(invalidThis("ReadableStreamBYOBReader"));
    if (reader.stream === null) return Promise.reject(invalidState("The reader is not attached to a stream"));
    return readerGenericCancel(reader, reason);
  }

  [kInspect](depth, options, inspect) {
    const reader = this.#r;
    return customInspect("ReadableStreamBYOBReader", {
      stream: reader.stream === null ? undefined : reader.stream.pub,
      readIntoRequests: reader.requests.length,
      close: reader.closedP,
    }, depth, options, inspect);
  }
}

finishClass(ReadableStreamBYOBReader, ["read", "releaseLock", "closed", "cancel"]);

// ------------------------------------------------------ default controller

class ReadableStreamDefaultController {
  #r;

  constructor(token = undefined, rec = undefined) {
    if (token !== kInternal) throw illegalConstructor();
    this.#r = rec;
    rec.pub = this;
  }

  static {
    dcOf = (v) => (v !== null && typeof v === "object" && #r in v ? v.#r : undefined);
  }

  get desiredSize() {
    const c = dcOf(this);
    if (c === undefined) throw invalidThis("ReadableStreamDefaultController");
    return dcGetDesiredSize(c);
  }

  close() {
    const c = dcOf(this);
    if (c === undefined) throw invalidThis("ReadableStreamDefaultController");
    if (!dcCanCloseOrEnqueue(c)) throw invalidState("Controller is already closed");
    dcClose(c);
  }

  enqueue(chunk = undefined) {
    const c = dcOf(this);
    if (c === undefined) throw invalidThis("ReadableStreamDefaultController");
    if (!dcCanCloseOrEnqueue(c)) throw invalidState("Controller is already closed");
    dcEnqueue(c, chunk);
  }

  error(error = undefined) {
    const c = dcOf(this);
    if (c === undefined) throw invalidThis("ReadableStreamDefaultController");
    dcError(c, error);
  }

  [kInspect](depth, options, inspect) {
    return customInspect("ReadableStreamDefaultController", {}, depth, options, inspect);
  }
}

finishClass(ReadableStreamDefaultController, ["desiredSize", "close", "enqueue", "error"]);

function dcDequeue(c) {
  const value = c.queue.shift();
  if (c.sizes !== null) {
    c.total -= c.sizes.shift();
    if (c.total < 0) c.total = 0;
  } else {
    c.total--;
  }
  return value;
}

function dcResetQueue(c) {
  c.queue.clear();
  if (c.sizes !== null) c.sizes.clear();
  c.total = 0;
}

function dcCanCloseOrEnqueue(c) {
  return !c.closeRequested && c.stream.state === "readable";
}

function dcGetDesiredSize(c) {
  const state = c.stream.state;
  if (state === "errored") return null;
  if (state === "closed") return 0;
  return c.hwm - c.total;
}

function dcShouldCallPull(c) {
  const s = c.stream;
  if (c.closeRequested || s.state !== "readable" || !c.started) return false;
  if (s.reader !== null && s.reader.requests.length > 0) return true;
  return c.hwm - c.total > 0;
}

function dcCallPullIfNeeded(c) {
  if (!dcShouldCallPull(c)) return;
  if (c.pulling) {
    c.pullAgain = true;
    return;
  }
  c.pulling = true;
  (c.user ? promiseCall(c.pullFn, c.src, c.pub) : internalCall(c.pullFn, c.src, c.pub)).then(c.onPullOk, c.onPullErr);
}

function dcClearAlgorithms(c) {
  c.pullFn = undefined;
  c.cancelFn = undefined;
  c.sizeFn = undefined;
  c.src = undefined;
}

function dcClose(c) {
  if (!dcCanCloseOrEnqueue(c)) return;
  c.closeRequested = true;
  if (c.queue.size() === 0) {
    dcClearAlgorithms(c);
    rsClose(c.stream);
  }
}

function dcEnqueue(c, chunk) {
  if (!dcCanCloseOrEnqueue(c)) return;
  const s = c.stream;
  if (s.reader !== null && s.reader.requests.length > 0) {
    rsFulfillReadRequest(s, chunk, false);
  } else if (c.sizes === null) {
    c.queue.push(chunk);
    c.total++;
  } else {
    let size;
    try {
      size = validateChunkSize(c.sizeFn.call(undefined, chunk));
    } catch (err) {
      dcError(c, err);
      throw err;
    }
    c.queue.push(chunk);
    c.sizes.push(size);
    c.total += size;
  }
  dcCallPullIfNeeded(c);
}

function dcError(c, err) {
  const s = c.stream;
  if (s.state !== "readable") return;
  dcResetQueue(c);
  dcClearAlgorithms(c);
  rsError(s, err);
}

function dcHasBackpressure(c) {
  return !dcShouldCallPull(c);
}

function dcCancelSteps(c, reason) {
  dcResetQueue(c);
  const result = c.user ? promiseCall(c.cancelFn, c.src, reason) : internalCall(c.cancelFn, c.src, reason);
  dcClearAlgorithms(c);
  return result;
}

function dcPullSteps(c, request) {
  const s = c.stream;
  if (c.queue.size() > 0) {
    const chunk = dcDequeue(c);
    if (c.closeRequested && c.queue.size() === 0) {
      dcClearAlgorithms(c);
      rsClose(s);
    } else {
      dcCallPullIfNeeded(c);
    }
    request.chunk(chunk);
    return;
  }
  s.reader.requests.push(request);
  dcCallPullIfNeeded(c);
}

// Spec: SetUpReadableStreamDefaultController. `src` is `this` for the
// start, pull and cancel functions; pull gets the controller, cancel the
// reason.
function setUpDefaultController(s, c, src, startFn, pullFn, cancelFn, hwm, sizeFn) {
  c.src = src;
  c.pullFn = pullFn;
  c.cancelFn = cancelFn;
  c.hwm = hwm;
  c.sizeFn = sizeFn;
  if (sizeFn !== undefined) c.sizes = new Queue();
  s.ctrl = c;
  const startResult = startFn === undefined ? undefined : startFn.call(src, c.pub);
  new Promise((resolve) => resolve(startResult)).then(() => {
    c.started = true;
    dcCallPullIfNeeded(c);
  }, (err) => dcError(c, err));
}

function setUpDefaultControllerFromSource(s, source, hwm, sizeFn) {
  const c = new DefaultCtrlRec(s);
  new ReadableStreamDefaultController(kInternal, c);
  const startFn = startMember(source);
  const pullFn = callbackMember(source, "pull", "source.pull");
  const cancelFn = callbackMember(source, "cancel", "source.cancel");
  c.user = true;
  setUpDefaultController(s, c, source, startFn, pullFn, cancelFn, hwm, sizeFn);
}

// A ReadableStream over internal algorithms (tee branches, from()).
function newDefaultStream(src, startFn, pullFn, cancelFn, hwm = 1, sizeFn = undefined) {
  const s = newStreamRec();
  const c = new DefaultCtrlRec(s);
  new ReadableStreamDefaultController(kInternal, c);
  setUpDefaultController(s, c, src, startFn, pullFn, cancelFn, hwm, sizeFn);
  return s;
}

// --------------------------------------------------------- byte controller

class ReadableStreamBYOBRequest {
  #c = null; // ByteCtrlRec, null once invalidated
  #view = null;

  constructor(token = undefined, c = undefined, view = undefined) {
    if (token !== kInternal) throw illegalConstructor();
    this.#c = c;
    this.#view = view;
  }

  static {
    byobRequestOf = (v) => (v !== null && typeof v === "object" && #view in v ? v : undefined);
    newBYOBRequest = (c, view) => new ReadableStreamBYOBRequest(kInternal, c, view);
    invalidateBYOBRequest = (request) => {
      request.#c = null;
      request.#view = null;
    };
    viewOfBYOBRequest = (request) => request.#view;
  }

  get view() {
    if (byobRequestOf(this) === undefined) throw invalidThis("ReadableStreamBYOBRequest");
    return this.#view;
  }

  respond(bytesWritten) {
    if (byobRequestOf(this) === undefined) throw invalidThis("ReadableStreamBYOBRequest");
    const c = this.#c;
    if (c === null) throw invalidState("This BYOB request has been invalidated");
    if (this.#view.buffer.detached) throw invalidState("Viewed ArrayBuffer is detached");
    bcRespond(c, bytesWritten);
  }

  respondWithNewView(view) {
    if (byobRequestOf(this) === undefined) throw invalidThis("ReadableStreamBYOBRequest");
    const c = this.#c;
    if (c === null) throw invalidState("This BYOB request has been invalidated");
    if (!isArrayBufferView(view)) throw invalidArgType("view", "an instance of Buffer, TypedArray, or DataView", view);
    if (view.buffer.detached) throw invalidState("Viewed ArrayBuffer is detached");
    bcRespondWithNewView(c, view);
  }

  [kInspect](depth, options, inspect) {
    return customInspect("ReadableStreamBYOBRequest", {
      view: this.#view,
      controller: this.#c === null ? undefined : this.#c.pub,
    }, depth, options, inspect);
  }
}

finishClass(ReadableStreamBYOBRequest, ["view", "respond", "respondWithNewView"]);

class ReadableByteStreamController {
  #r;

  constructor(token = undefined, rec = undefined) {
    if (token !== kInternal) throw illegalConstructor();
    this.#r = rec;
    rec.pub = this;
  }

  static {
    bcOf = (v) => (v !== null && typeof v === "object" && #r in v ? v.#r : undefined);
  }

  get byobRequest() {
    const c = bcOf(this);
    if (c === undefined) throw invalidThis("ReadableByteStreamController");
    return bcGetBYOBRequest(c);
  }

  get desiredSize() {
    const c = bcOf(this);
    if (c === undefined) throw invalidThis("ReadableByteStreamController");
    return bcGetDesiredSize(c);
  }

  close() {
    const c = bcOf(this);
    if (c === undefined) throw invalidThis("ReadableByteStreamController");
    if (c.closeRequested) throw invalidState("Controller is already closed");
    if (c.stream.state !== "readable") throw invalidState("ReadableStream is already closed");
    bcClose(c);
  }

  enqueue(chunk) {
    const c = bcOf(this);
    if (c === undefined) throw invalidThis("ReadableByteStreamController");
    if (!isArrayBufferView(chunk)) {
      throw invalidArgType("buffer", "an instance of Buffer, TypedArray, or DataView", chunk);
    }
    const buffer = chunk.buffer;
    if (typeof SharedArrayBuffer === "function" && buffer instanceof SharedArrayBuffer) {
      throw argValue("chunk", chunk, "must not be backed by a SharedArrayBuffer");
    }
    if (chunk.byteLength === 0 || buffer.byteLength === 0) {
      throw invalidState("chunk ArrayBuffer is zero-length or detached");
    }
    if (c.closeRequested) throw invalidState("Controller is already closed");
    if (c.stream.state !== "readable") throw invalidState("ReadableStream is already closed");
    bcEnqueue(c, chunk);
  }

  error(error = undefined) {
    const c = bcOf(this);
    if (c === undefined) throw invalidThis("ReadableByteStreamController");
    bcError(c, error);
  }

  [kInspect](depth, options, inspect) {
    return customInspect("ReadableByteStreamController", {}, depth, options, inspect);
  }
}

finishClass(ReadableByteStreamController, ["byobRequest", "desiredSize", "close", "enqueue", "error"]);

function bcGetBYOBRequest(c) {
  if (c.byobRequest === null && c.pending.length > 0) {
    const d = c.pending[0];
    const view = new Uint8Array(d.buffer, d.byteOffset + d.bytesFilled, d.byteLength - d.bytesFilled);
    c.byobRequest = newBYOBRequest(c, view);
  }
  return c.byobRequest;
}

function bcGetDesiredSize(c) {
  const state = c.stream.state;
  if (state === "errored") return null;
  if (state === "closed") return 0;
  return c.hwm - c.total;
}

function bcInvalidateBYOBRequest(c) {
  if (c.byobRequest === null) return;
  invalidateBYOBRequest(c.byobRequest);
  c.byobRequest = null;
}

function bcClearAlgorithms(c) {
  c.pullFn = undefined;
  c.cancelFn = undefined;
  c.src = undefined;
}

function bcClearPendingPullIntos(c) {
  bcInvalidateBYOBRequest(c);
  c.pending = [];
}

function bcResetQueue(c) {
  c.queue.clear();
  c.total = 0;
}

function bcShouldCallPull(c) {
  const s = c.stream;
  if (s.state !== "readable" || c.closeRequested || !c.started) return false;
  if (s.reader !== null && s.reader.requests.length > 0) return true;
  return c.hwm - c.total > 0;
}

function bcCallPullIfNeeded(c) {
  if (!bcShouldCallPull(c)) return;
  if (c.pulling) {
    c.pullAgain = true;
    return;
  }
  c.pulling = true;
  (c.user ? promiseCall(c.pullFn, c.src, c.pub) : internalCall(c.pullFn, c.src, c.pub)).then(c.onPullOk, c.onPullErr);
}

function bcError(c, err) {
  const s = c.stream;
  if (s.state !== "readable") return;
  bcClearPendingPullIntos(c);
  bcResetQueue(c);
  bcClearAlgorithms(c);
  rsError(s, err);
}

function bcClose(c) {
  const s = c.stream;
  if (c.closeRequested || s.state !== "readable") return;
  if (c.total > 0) {
    c.closeRequested = true;
    return;
  }
  if (c.pending.length > 0) {
    const first = c.pending[0];
    if (first.bytesFilled % first.elementSize !== 0) {
      const err = invalidState("Partial read");
      bcError(c, err);
      throw err;
    }
  }
  bcClearAlgorithms(c);
  rsClose(s);
}

function bcEnqueueChunkToQueue(c, buffer, byteOffset, byteLength) {
  c.queue.push({ buffer, byteOffset, byteLength });
  c.total += byteLength;
}

function bcEnqueueClonedChunkToQueue(c, buffer, byteOffset, byteLength) {
  let clone;
  try {
    clone = buffer.slice(byteOffset, byteOffset + byteLength);
  } catch (err) {
    bcError(c, err);
    throw err;
  }
  bcEnqueueChunkToQueue(c, clone, 0, byteLength);
}

function bcEnqueueDetachedPullIntoToQueue(c, d) {
  if (d.bytesFilled > 0) bcEnqueueClonedChunkToQueue(c, d.buffer, d.byteOffset, d.bytesFilled);
  c.pending.shift();
}

function bcEnqueue(c, chunk) {
  const s = c.stream;
  if (c.closeRequested || s.state !== "readable") return;
  const byteOffset = chunk.byteOffset;
  const byteLength = chunk.byteLength;
  const buffer = transferBuffer(chunk.buffer);
  if (c.pending.length > 0) {
    const first = c.pending[0];
    if (first.buffer.detached) throw invalidState("Destination ArrayBuffer is detached");
    bcInvalidateBYOBRequest(c);
    first.buffer = transferBuffer(first.buffer);
    if (first.readerType === "none") bcEnqueueDetachedPullIntoToQueue(c, first);
  }
  if (hasDefaultReader(s)) {
    bcProcessReadRequestsUsingQueue(c);
    if (numRequests(s) === 0) {
      bcEnqueueChunkToQueue(c, buffer, byteOffset, byteLength);
    } else {
      if (c.pending.length > 0) c.pending.shift();
      rsFulfillReadRequest(s, new Uint8Array(buffer, byteOffset, byteLength), false);
    }
  } else if (hasBYOBReader(s)) {
    bcEnqueueChunkToQueue(c, buffer, byteOffset, byteLength);
    const filled = bcProcessPullIntoDescriptorsUsingQueue(c);
    for (let i = 0; i < filled.length; i++) bcCommitPullIntoDescriptor(s, filled[i]);
  } else {
    bcEnqueueChunkToQueue(c, buffer, byteOffset, byteLength);
  }
  bcCallPullIfNeeded(c);
}

function bcFillReadRequestFromQueue(c, request) {
  const entry = c.queue.shift();
  c.total -= entry.byteLength;
  bcHandleQueueDrain(c);
  request.chunk(new Uint8Array(entry.buffer, entry.byteOffset, entry.byteLength));
}

function bcProcessReadRequestsUsingQueue(c) {
  const reader = c.stream.reader;
  while (reader.requests.length > 0) {
    if (c.total === 0) return;
    bcFillReadRequestFromQueue(c, reader.requests.shift());
  }
}

function bcHandleQueueDrain(c) {
  if (c.total === 0 && c.closeRequested) {
    bcClearAlgorithms(c);
    rsClose(c.stream);
  } else {
    bcCallPullIfNeeded(c);
  }
}

function bcFillPullIntoDescriptorFromQueue(c, d) {
  const maxBytesToCopy = Math.min(c.total, d.byteLength - d.bytesFilled);
  const maxBytesFilled = d.bytesFilled + maxBytesToCopy;
  let remaining = maxBytesToCopy;
  let ready = false;
  const maxAlignedBytes = maxBytesFilled - (maxBytesFilled % d.elementSize);
  if (maxAlignedBytes >= d.minimumFill) {
    remaining = maxAlignedBytes - d.bytesFilled;
    ready = true;
  }
  const queue = c.queue;
  while (remaining > 0) {
    const head = queue.peek();
    const n = Math.min(remaining, head.byteLength);
    copyBytes(d.buffer, d.byteOffset + d.bytesFilled, head.buffer, head.byteOffset, n);
    if (head.byteLength === n) {
      queue.shift();
    } else {
      head.byteOffset += n;
      head.byteLength -= n;
    }
    c.total -= n;
    d.bytesFilled += n;
    remaining -= n;
  }
  return ready;
}

function bcProcessPullIntoDescriptorsUsingQueue(c) {
  const filled = [];
  while (c.pending.length > 0) {
    if (c.total === 0) break;
    const d = c.pending[0];
    if (bcFillPullIntoDescriptorFromQueue(c, d)) {
      c.pending.shift();
      filled.push(d);
    }
  }
  return filled;
}

function bcConvertPullIntoDescriptor(d) {
  if (d.bytesFilled > d.byteLength) throw invalidState("The buffer size is invalid", RangeError);
  const buffer = transferBuffer(d.buffer);
  return makeView(d.ctor, buffer, d.byteOffset, d.bytesFilled / d.elementSize);
}

function bcCommitPullIntoDescriptor(s, d) {
  const done = s.state === "closed";
  const view = bcConvertPullIntoDescriptor(d);
  if (d.readerType === "default") rsFulfillReadRequest(s, view, done);
  else rsFulfillReadIntoRequest(s, view, done);
}

function bcPullInto(c, view, min, request) {
  const s = c.stream;
  let elementSize = 1;
  let ctor = DataView;
  if (!isDataView(view)) {
    ctor = view.constructor;
    elementSize = view.BYTES_PER_ELEMENT;
  }
  const minimumFill = min * elementSize;
  const byteOffset = view.byteOffset;
  const byteLength = view.byteLength;
  let buffer;
  try {
    buffer = transferBuffer(view.buffer);
  } catch (err) {
    request.error(err);
    return;
  }
  const d = new PullIntoDescriptor(buffer, byteOffset, byteLength, minimumFill, elementSize, ctor, "byob");
  if (c.pending.length > 0) {
    c.pending.push(d);
    s.reader.requests.push(request);
    return;
  }
  if (s.state === "closed") {
    request.close(makeView(ctor, d.buffer, byteOffset, 0));
    return;
  }
  if (c.total > 0) {
    if (bcFillPullIntoDescriptorFromQueue(c, d)) {
      const filled = bcConvertPullIntoDescriptor(d);
      bcHandleQueueDrain(c);
      request.chunk(filled);
      return;
    }
    if (c.closeRequested) {
      const err = invalidState("ReadableStream closed");
      bcError(c, err);
      request.error(err);
      return;
    }
  }
  c.pending.push(d);
  s.reader.requests.push(request);
  bcCallPullIfNeeded(c);
}

function bcRespond(c, bytesWritten) {
  const first = c.pending[0];
  const state = c.stream.state;
  if (state === "closed") {
    if (bytesWritten !== 0) throw argValue("bytesWritten", bytesWritten);
  } else {
    if (!bytesWritten) throw argValue("bytesWritten", bytesWritten);
    if (first.bytesFilled + bytesWritten > first.byteLength) {
      throw argValue("bytesWritten", bytesWritten, "is invalid", RangeError);
    }
  }
  first.buffer = transferBuffer(first.buffer);
  bcRespondInternal(c, bytesWritten);
}

function bcRespondInternal(c, bytesWritten) {
  const first = c.pending[0];
  bcInvalidateBYOBRequest(c);
  if (c.stream.state === "closed") bcRespondInClosedState(c, first);
  else bcRespondInReadableState(c, bytesWritten, first);
  bcCallPullIfNeeded(c);
}

function bcRespondInClosedState(c, first) {
  if (first.readerType === "none") c.pending.shift();
  const s = c.stream;
  if (hasBYOBReader(s)) {
    const filled = [];
    const n = numRequests(s);
    while (filled.length < n && c.pending.length > 0) filled.push(c.pending.shift());
    for (let i = 0; i < filled.length; i++) bcCommitPullIntoDescriptor(s, filled[i]);
  }
}

function bcRespondInReadableState(c, bytesWritten, d) {
  const s = c.stream;
  if (d.bytesFilled + bytesWritten > d.byteLength) throw invalidState("The buffer size is invalid", RangeError);
  d.bytesFilled += bytesWritten;
  if (d.readerType === "none") {
    bcEnqueueDetachedPullIntoToQueue(c, d);
    const filled = bcProcessPullIntoDescriptorsUsingQueue(c);
    for (let i = 0; i < filled.length; i++) bcCommitPullIntoDescriptor(s, filled[i]);
    return;
  }
  if (d.bytesFilled < d.minimumFill) return;
  c.pending.shift();
  const remainder = d.bytesFilled % d.elementSize;
  if (remainder > 0) {
    const end = d.byteOffset + d.bytesFilled;
    bcEnqueueClonedChunkToQueue(c, d.buffer, end - remainder, remainder);
  }
  d.bytesFilled -= remainder;
  const filled = bcProcessPullIntoDescriptorsUsingQueue(c);
  bcCommitPullIntoDescriptor(s, d);
  for (let i = 0; i < filled.length; i++) bcCommitPullIntoDescriptor(s, filled[i]);
}

function bcRespondWithNewView(c, view) {
  const first = c.pending[0];
  const state = c.stream.state;
  const byteLength = view.byteLength;
  if (state === "closed") {
    if (byteLength !== 0) throw invalidState("View is not zero-length");
  } else if (byteLength === 0) {
    throw invalidState("View is zero-length");
  }
  if (first.byteOffset + first.bytesFilled !== view.byteOffset) throw argValue("view", view, "is invalid", RangeError);
  if (first.bytesFilled + byteLength > first.byteLength) throw argValue("view", view, "is invalid", RangeError);
  if (first.bufferByteLength !== view.buffer.byteLength) throw argValue("view", view, "is invalid", RangeError);
  first.buffer = transferBuffer(view.buffer);
  bcRespondInternal(c, byteLength);
}

function bcCancelSteps(c, reason) {
  bcClearPendingPullIntos(c);
  bcResetQueue(c);
  const result = c.user ? promiseCall(c.cancelFn, c.src, reason) : internalCall(c.cancelFn, c.src, reason);
  bcClearAlgorithms(c);
  return result;
}

function bcPullSteps(c, request) {
  const s = c.stream;
  if (c.total > 0) {
    bcFillReadRequestFromQueue(c, request);
    return;
  }
  const size = c.autoAllocateChunkSize;
  if (size !== undefined) {
    let buffer;
    try {
      buffer = new ArrayBuffer(size);
    } catch (err) {
      request.error(err);
      return;
    }
    c.pending.push(new PullIntoDescriptor(buffer, 0, size, 1, 1, Uint8Array, "default"));
  }
  s.reader.requests.push(request);
  bcCallPullIfNeeded(c);
}

function bcReleaseSteps(c) {
  if (c.pending.length > 0) {
    const first = c.pending[0];
    first.readerType = "none";
    c.pending = [first];
  }
}

function setUpByteController(s, c, src, startFn, pullFn, cancelFn, hwm, autoAllocateChunkSize) {
  c.src = src;
  c.pullFn = pullFn;
  c.cancelFn = cancelFn;
  c.hwm = hwm;
  c.autoAllocateChunkSize = autoAllocateChunkSize;
  s.ctrl = c;
  const startResult = startFn === undefined ? undefined : startFn.call(src, c.pub);
  new Promise((resolve) => resolve(startResult)).then(() => {
    c.started = true;
    bcCallPullIfNeeded(c);
  }, (err) => bcError(c, err));
}

function setUpByteControllerFromSource(s, source, hwm) {
  const c = new ByteCtrlRec(s);
  new ReadableByteStreamController(kInternal, c);
  const startFn = startMember(source);
  const pullFn = callbackMember(source, "pull", "source.pull");
  const cancelFn = callbackMember(source, "cancel", "source.cancel");
  let size = source.autoAllocateChunkSize;
  if (size !== undefined) {
    const n = Number(size);
    if (!Number.isInteger(n) || n <= 0) throw argValue("source.autoAllocateChunkSize", size);
    size = n;
  }
  c.user = true;
  setUpByteController(s, c, source, startFn, pullFn, cancelFn, hwm, size);
}

function newByteStream(src, startFn, pullFn, cancelFn, hwm = 0, autoAllocateChunkSize = undefined) {
  const s = newStreamRec();
  const c = new ByteCtrlRec(s);
  new ReadableByteStreamController(kInternal, c);
  setUpByteController(s, c, src, startFn, pullFn, cancelFn, hwm, autoAllocateChunkSize);
  return s;
}

// -------------------------------------------------------------------- tee

// Spec: ReadableStreamDefaultTee (cloneForBranch2 false). Chunks reach the
// branches in a microtask and the close in a tick, as in Node.
function defaultTee(s) {
  const reader = acquireDefaultReader(s);
  let reading = false;
  let canceled1 = false;
  let canceled2 = false;
  let reason1;
  let reason2;
  let branch1;
  let branch2;
  const cancelDone = Promise.withResolvers();

  const request = {
    chunk(value) {
      RESOLVED.then(() => {
        reading = false;
        if (!canceled1) dcEnqueue(branch1.ctrl, value);
        if (!canceled2) dcEnqueue(branch2.ctrl, value);
      });
    },
    close() {
      require("tasks").nextTick(() => {
        reading = false;
        if (!canceled1) dcClose(branch1.ctrl);
        if (!canceled2) dcClose(branch2.ctrl);
        if (!canceled1 || !canceled2) cancelDone.resolve();
      });
    },
    error() {
      reading = false;
    },
  };

  function pull() {
    if (reading) return RESOLVED;
    reading = true;
    defaultReaderRead(reader, request);
    return RESOLVED;
  }
  function cancel1(reason) {
    canceled1 = true;
    reason1 = reason;
    if (canceled2) cancelDone.resolve(rsCancel(s, [reason1, reason2]));
    return cancelDone.promise;
  }
  function cancel2(reason) {
    canceled2 = true;
    reason2 = reason;
    if (canceled1) cancelDone.resolve(rsCancel(s, [reason1, reason2]));
    return cancelDone.promise;
  }

  branch1 = newDefaultStream(undefined, undefined, pull, cancel1);
  branch2 = newDefaultStream(undefined, undefined, pull, cancel2);
  reader.closedP.then(undefined, (err) => {
    dcError(branch1.ctrl, err);
    dcError(branch2.ctrl, err);
    if (!canceled1 || !canceled2) cancelDone.resolve();
  });
  return [branch1, branch2];
}

function cloneAsUint8Array(view) {
  return new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
}

// Spec: ReadableByteStreamTee.
function byteTee(s) {
  let reader = acquireDefaultReader(s);
  let reading = false;
  let readAgainForBranch1 = false;
  let readAgainForBranch2 = false;
  let canceled1 = false;
  let canceled2 = false;
  let reason1;
  let reason2;
  let branch1;
  let branch2;
  const cancelDone = Promise.withResolvers();

  function forwardReaderError(thisReader) {
    thisReader.closedP.then(undefined, (err) => {
      if (thisReader !== reader) return;
      bcError(branch1.ctrl, err);
      bcError(branch2.ctrl, err);
      if (!canceled1 || !canceled2) cancelDone.resolve();
    });
  }

  function cloneFailed(err) {
    bcError(branch1.ctrl, err);
    bcError(branch2.ctrl, err);
    cancelDone.resolve(rsCancel(s, err));
  }

  function pullWithDefaultReader() {
    if (reader.byob) {
      readerRelease(reader);
      reader = acquireDefaultReader(s);
      forwardReaderError(reader);
    }
    defaultReaderRead(reader, {
      chunk(chunk) {
        RESOLVED.then(() => {
          readAgainForBranch1 = false;
          readAgainForBranch2 = false;
          let chunk2 = chunk;
          if (!canceled1 && !canceled2) {
            try {
              chunk2 = cloneAsUint8Array(chunk);
            } catch (err) {
              cloneFailed(err);
              return;
            }
          }
          if (!canceled1) bcEnqueue(branch1.ctrl, chunk);
          if (!canceled2) bcEnqueue(branch2.ctrl, chunk2);
          reading = false;
          if (readAgainForBranch1) pull1();
          else if (readAgainForBranch2) pull2();
        });
      },
      close() {
        reading = false;
        if (!canceled1) bcClose(branch1.ctrl);
        if (!canceled2) bcClose(branch2.ctrl);
        if (branch1.ctrl.pending.length > 0) bcRespond(branch1.ctrl, 0);
        if (branch2.ctrl.pending.length > 0) bcRespond(branch2.ctrl, 0);
        if (!canceled1 || !canceled2) cancelDone.resolve();
      },
      error() {
        reading = false;
      },
    });
  }

  function pullWithBYOBReader(view, forBranch2) {
    if (!reader.byob) {
      readerRelease(reader);
      reader = acquireBYOBReader(s);
      forwardReaderError(reader);
    }
    const byobBranch = forBranch2 ? branch2 : branch1;
    const otherBranch = forBranch2 ? branch1 : branch2;
    byobReaderRead(reader, view, 1, {
      chunk(chunk) {
        RESOLVED.then(() => {
          readAgainForBranch1 = false;
          readAgainForBranch2 = false;
          const byobCanceled = forBranch2 ? canceled2 : canceled1;
          const otherCanceled = forBranch2 ? canceled1 : canceled2;
          if (!otherCanceled) {
            let clone;
            try {
              clone = cloneAsUint8Array(chunk);
            } catch (err) {
              cloneFailed(err);
              return;
            }
            if (!byobCanceled) bcRespondWithNewView(byobBranch.ctrl, chunk);
            bcEnqueue(otherBranch.ctrl, clone);
          } else if (!byobCanceled) {
            bcRespondWithNewView(byobBranch.ctrl, chunk);
          }
          reading = false;
          if (readAgainForBranch1) pull1();
          else if (readAgainForBranch2) pull2();
        });
      },
      close(chunk) {
        reading = false;
        const byobCanceled = forBranch2 ? canceled2 : canceled1;
        const otherCanceled = forBranch2 ? canceled1 : canceled2;
        if (!byobCanceled) bcClose(byobBranch.ctrl);
        if (!otherCanceled) bcClose(otherBranch.ctrl);
        if (chunk !== undefined) {
          if (!byobCanceled) bcRespondWithNewView(byobBranch.ctrl, chunk);
          if (!otherCanceled && otherBranch.ctrl.pending.length > 0) bcRespond(otherBranch.ctrl, 0);
        }
        if (!byobCanceled || !otherCanceled) cancelDone.resolve();
      },
      error() {
        reading = false;
      },
    });
  }

  function pull1() {
    if (reading) {
      readAgainForBranch1 = true;
      return RESOLVED;
    }
    reading = true;
    const request = bcGetBYOBRequest(branch1.ctrl);
    if (request === null) pullWithDefaultReader();
    else pullWithBYOBReader(viewOfBYOBRequest(request), false);
    return RESOLVED;
  }
  function pull2() {
    if (reading) {
      readAgainForBranch2 = true;
      return RESOLVED;
    }
    reading = true;
    const request = bcGetBYOBRequest(branch2.ctrl);
    if (request === null) pullWithDefaultReader();
    else pullWithBYOBReader(viewOfBYOBRequest(request), true);
    return RESOLVED;
  }
  function cancel1(reason) {
    canceled1 = true;
    reason1 = reason;
    if (canceled2) cancelDone.resolve(rsCancel(s, [reason1, reason2]));
    return cancelDone.promise;
  }
  function cancel2(reason) {
    canceled2 = true;
    reason2 = reason;
    if (canceled1) cancelDone.resolve(rsCancel(s, [reason1, reason2]));
    return cancelDone.promise;
  }

  branch1 = newByteStream(undefined, undefined, pull1, cancel1);
  branch2 = newByteStream(undefined, undefined, pull2, cancel2);
  forwardReaderError(reader);
  return [branch1, branch2];
}

// ----------------------------------------------------------------- pipeTo

// Spec: ReadableStreamPipeTo, with Node 22's scheduling: each step waits for
// the writer to be ready, reads one chunk and writes it from the read
// request's chunk steps. The Pipe is the read request for all its reads.
class Pipe {
  constructor(src, dest, preventClose, preventAbort, preventCancel, signal) {
    this.src = src;
    this.dest = dest;
    this.preventClose = preventClose;
    this.preventAbort = preventAbort;
    this.preventCancel = preventCancel;
    this.signal = signal;
    this.reader = null;
    this.writer = null;
    this.shuttingDown = false;
    this.currentWrite = RESOLVED;
    this.step = null; // the deferred of the read in progress
    this.abortListener = null;
    const d = Promise.withResolvers();
    this.promise = d.promise;
    this.resolve = d.resolve;
    this.reject = d.reject;
  }

  start() {
    const src = this.src;
    const dest = this.dest;
    this.reader = acquireDefaultReader(src);
    this.writer = acquireWriter(dest);
    src.disturbed = true;
    const signal = this.signal;
    if (signal !== undefined) {
      if (signal.aborted) {
        this.abort();
        return this.promise;
      }
      this.abortListener = () => this.abort();
      signal.addEventListener("abort", this.abortListener, { once: true });
    }
    markHandled(this.run());
    // Errors first, forward then backward, then closing forward and
    // backward, as the spec orders them.
    if (src.state === "errored") this.sourceErrored(src.storedError);
    else this.reader.closedP.then(undefined, (err) => this.sourceErrored(err));
    if (dest.state === "errored") this.destErrored(dest.storedError);
    else this.writer.closedP.then(undefined, (err) => this.destErrored(err));
    if (src.state === "closed") this.sourceClosed();
    else this.reader.closedP.then(() => this.sourceClosed(), noop);
    if (wsCloseQueuedOrInFlight(dest) || dest.state === "closed") {
      const err = invalidState("Destination WritableStream is closed");
      if (!this.preventCancel) this.shutdownWithAction(() => rsCancel(src, err), true, err);
      else this.shutdown(true, err);
    }
    return this.promise;
  }

  async run() {
    while (!(await this.readStep()));
  }

  // Resolves true when the pipe is done.
  async readStep() {
    if (this.shuttingDown) return true;
    await this.writer.readyP;
    const d = Promise.withResolvers();
    this.step = d;
    defaultReaderRead(this.reader, this);
    return d.promise;
  }

  // Read request steps.
  chunk(value) {
    this.currentWrite = markHandled(writerWrite(this.writer, value));
    this.step.resolve(false);
  }
  close() {
    this.step.resolve(true);
  }
  error(err) {
    this.step.reject(err);
  }

  sourceErrored(err) {
    if (!this.preventAbort) this.shutdownWithAction(() => wsAbort(this.dest, err), true, err);
    else this.shutdown(true, err);
  }

  destErrored(err) {
    if (!this.preventCancel) this.shutdownWithAction(() => rsCancel(this.src, err), true, err);
    else this.shutdown(true, err);
  }

  sourceClosed() {
    if (!this.preventClose) this.shutdownWithAction(() => writerCloseWithErrorPropagation(this.writer), false, undefined);
    else this.shutdown(false, undefined);
  }

  abort() {
    const err = this.signal.reason;
    const actions = [];
    if (!this.preventAbort) {
      actions.push(() => (this.dest.state === "writable" ? wsAbort(this.dest, err) : RESOLVED));
    }
    if (!this.preventCancel) {
      actions.push(() => (this.src.state === "readable" ? rsCancel(this.src, err) : RESOLVED));
    }
    this.shutdownWithAction(() => Promise.all(actions.map((action) => action())), true, err);
  }

  // Settles once every chunk read so far has been written.
  async waitForCurrentWrite() {
    const write = this.currentWrite;
    await write;
    if (write !== this.currentWrite) await this.waitForCurrentWrite();
  }

  shutdownWithAction(action, isError, error) {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    const dest = this.dest;
    const complete = () => {
      action().then(() => this.finalize(isError, error), (err) => this.finalize(true, err));
    };
    if (dest.state === "writable" && !wsCloseQueuedOrInFlight(dest)) {
      this.waitForCurrentWrite().then(complete, (err) => this.finalize(true, err));
      return;
    }
    complete();
  }

  shutdown(isError, error) {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    const dest = this.dest;
    if (dest.state === "writable" && !wsCloseQueuedOrInFlight(dest)) {
      this.waitForCurrentWrite().then(() => this.finalize(isError, error), (err) => this.finalize(true, err));
      return;
    }
    this.finalize(isError, error);
  }

  finalize(isError, error) {
    writerRelease(this.writer);
    readerGenericRelease(this.reader);
    if (this.abortListener !== null) this.signal.removeEventListener("abort", this.abortListener);
    if (isError) this.reject(error);
    else this.resolve();
  }
}

function rsPipeTo(src, dest, preventClose, preventAbort, preventCancel, signal) {
  let pipe;
  try {
    pipe = new Pipe(src, dest, preventClose, preventAbort, preventCancel, signal);
    return pipe.start();
  } catch (err) {
    return Promise.reject(err);
  }
}

// --------------------------------------------------------- async iteration

let asyncIteratorProto;

function newAsyncIterator(s, preventCancel) {
  const reader = acquireDefaultReader(s);
  let done = false;
  let current;
  let started = false;

  const request = {
    promise: null,
    resolve: null,
    reject: null,
    chunk(value) {
      current = undefined;
      this.resolve({ value, done: false });
    },
    close() {
      current = undefined;
      done = true;
      readerGenericRelease(reader);
      this.resolve({ done: true, value: undefined });
    },
    error(err) {
      current = undefined;
      done = true;
      readerGenericRelease(reader);
      this.reject(err);
    },
  };

  function nextSteps() {
    if (done) return Promise.resolve({ done: true, value: undefined });
    if (reader.stream === null) {
      return Promise.reject(invalidState("The reader is not bound to a ReadableStream"));
    }
    const d = Promise.withResolvers();
    request.resolve = d.resolve;
    request.reject = d.reject;
    defaultReaderRead(reader, request);
    return d.promise;
  }

  async function returnSteps(value) {
    if (done) return { done: true, value };
    done = true;
    if (reader.stream === null) throw invalidState("The reader is not bound to a ReadableStream");
    if (!preventCancel) {
      const result = readerGenericCancel(reader, value);
      readerGenericRelease(reader);
      await result;
      return { done: true, value };
    }
    readerGenericRelease(reader);
    return { done: true, value };
  }

  if (asyncIteratorProto === undefined) {
    const AsyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);
    asyncIteratorProto = Object.create(AsyncIteratorPrototype, {
      next: { value: undefined, writable: true, enumerable: true, configurable: true },
      return: { value: undefined, writable: true, enumerable: true, configurable: true },
    });
  }
  const iterator = {
    next() {
      // The first read waits a microtask, so that start() has run.
      if (!started) {
        current = RESOLVED;
        started = true;
      }
      current = current !== undefined ? current.then(nextSteps, nextSteps) : nextSteps();
      return current;
    },
    return(value) {
      started = true;
      const steps = () => returnSteps(value);
      current = current !== undefined ? current.then(steps, steps) : returnSteps(value);
      return current;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  Object.setPrototypeOf(iterator, asyncIteratorProto);
  return iterator;
}

// ------------------------------------------------------------------ from()

function notIterable(value) {
  let shown;
  if (value !== null && (typeof value === "object" || typeof value === "function")) {
    shown = require("inspect").inspect(value, { depth: 0 });
  } else if (typeof value === "bigint") {
    shown = `${value}n`;
  } else {
    shown = Object.is(value, -0) ? "-0" : String(value);
  }
  return codedError(TypeError, "ERR_ARG_NOT_ITERABLE", `${shown} must be iterable`);
}

// Spec (ECMAScript): CreateAsyncFromSyncIterator, which from() uses for a
// sync iterable: each result's value is awaited.
function asyncFromSyncIterator(syncIterator) {
  const unwrap = (result) => {
    if (result === null || typeof result !== "object") {
      throw new TypeError(`Iterator result ${String(result)} is not an object`);
    }
    const done = !!result.done;
    return Promise.resolve(result.value).then((value) => ({ value, done }));
  };
  return {
    next() {
      try {
        return unwrap(syncIterator.next());
      } catch (err) {
        return Promise.reject(err);
      }
    },
    return(value) {
      try {
        const ret = syncIterator.return;
        if (ret == null) return Promise.resolve({ value, done: true });
        return unwrap(ret.call(syncIterator, value));
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}

function readableStreamFromIterable(iterable) {
  if (iterable == null) {
    throw new TypeError(`Cannot read properties of ${iterable} (reading 'Symbol(Symbol.asyncIterator)')`);
  }
  let method = iterable[Symbol.asyncIterator];
  let sync = false;
  if (method == null) {
    method = iterable[Symbol.iterator];
    sync = true;
  }
  if (typeof method !== "function") throw notIterable(iterable);
  let iterator = method.call(iterable);
  if (iterator === null || (typeof iterator !== "object" && typeof iterator !== "function")) {
    throw invalidState("The iterator method must return an object");
  }
  if (sync) iterator = asyncFromSyncIterator(iterator);
  let s;
  async function pull() {
    const result = await iterator.next();
    if (result === null || typeof result !== "object") {
      throw invalidState("The promise returned by the iterator.next() method must fulfill with an object");
    }
    if (result.done) dcClose(s.ctrl);
    else dcEnqueue(s.ctrl, await result.value);
  }
  async function cancel(reason) {
    const ret = iterator.return;
    if (ret === undefined) return;
    const result = await ret.call(iterator, reason);
    if (result === null || typeof result !== "object") {
      throw invalidState("The promise returned by the iterator.return() method must fulfill with an object");
    }
  }
  s = newDefaultStream(undefined, undefined, pull, cancel, 0);
  s.ctrl.user = true; // Node runs these as it runs a source's (see resultPromise)
  return s.pub;
}

// =========================================================== WritableStream

let wsOf;
let writerOf;
let wcOf;
const kCloseSentinel = Symbol("kCloseSentinel");

class WSRec {
  constructor() {
    this.pub = null;
    this.state = "writable"; // writable, erroring, errored, closed
    this.storedError = undefined;
    this.writer = null;
    this.ctrl = null;
    this.writeRequests = []; // deferreds
    this.inFlightWriteRequest = null;
    this.closeRequest = null;
    this.inFlightCloseRequest = null;
    this.pendingAbortRequest = null; // { promise, resolve, reject, reason, wasAlreadyErroring }
    this.backpressure = false;
    this.closedWatch = null; // a deferred, made by closedPromise()
  }
}

class WriterRec {
  constructor() {
    this.pub = null;
    this.stream = null;
    this.readyP = null;
    this.readyRes = null; // set while the ready promise is pending
    this.readyRej = null;
    this.closedP = null;
    this.closedRes = null;
    this.closedRej = null;
  }
}

class WCRec {
  constructor(stream) {
    this.pub = null;
    this.stream = stream;
    this.queue = new Queue();
    this.sizes = new Queue();
    this.total = 0;
    this.started = false;
    this.hwm = 1;
    this.sizeFn = undefined;
    this.hasSize = false; // false: the size algorithm was cleared
    this.writeFn = undefined;
    this.closeFn = undefined;
    this.abortFn = undefined;
    this.sink = undefined;
    this.user = false;
    this.abortController = null; // made when `signal` is first read
    this.aborted = false;
    this.abortReason = undefined;
    this.onWriteOk = () => {
      const s = this.stream;
      wsFinishInFlightWrite(s);
      wcDequeue(this);
      if (!wsCloseQueuedOrInFlight(s) && s.state === "writable") {
        wsUpdateBackpressure(s, wcGetBackpressure(this));
      }
      wcAdvanceQueueIfNeeded(this);
    };
    this.onWriteErr = (reason) => {
      const s = this.stream;
      if (s.state === "writable") wcClearAlgorithms(this);
      wsFinishInFlightWriteWithError(s, reason);
    };
  }
}

class WritableStream {
  #r;

  constructor(sink = undefined, strategy = undefined) {
    if (sink === kInternal) {
      this.#r = strategy;
      strategy.pub = this;
      return;
    }
    if (sink !== undefined) validateObject(sink, "sink", false);
    if (strategy !== undefined) validateObject(strategy, "strategy", true);
    const type = sink === undefined ? undefined : sink.type;
    if (type !== undefined) throw argValue("type", type, "is invalid", RangeError);
    const rec = new WSRec();
    rec.pub = this;
    this.#r = rec;
    const size = extractSizeAlgorithm(strategy == null ? undefined : strategy.size);
    const hwm = extractHighWaterMark(strategy == null ? undefined : strategy.highWaterMark, 1);
    setUpWritableControllerFromSink(rec, sink === undefined ? {} : sink, hwm, size);
  }

  static {
    wsOf = (v) => (v !== null && typeof v === "object" && #r in v ? v.#r : undefined);
  }

  get locked() {
    const s = wsOf(this);
    if (s === undefined) throw invalidThis("WritableStream");
    return s.writer !== null;
  }

  abort(reason = undefined) {
    const s = wsOf(this);
    if (s === undefined) return Promise.reject(invalidThis("WritableStream"));
    if (s.writer !== null) return Promise.reject(invalidState("WritableStream is locked"));
    return wsAbort(s, reason);
  }

  close() {
    const s = wsOf(this);
    if (s === undefined) return Promise.reject(invalidThis("WritableStream"));
    if (s.writer !== null) return Promise.reject(invalidState("WritableStream is locked"));
    if (wsCloseQueuedOrInFlight(s)) return Promise.reject(invalidState("Failure closing WritableStream"));
    return wsClose(s);
  }

  getWriter() {
    const s = wsOf(this);
    if (s === undefined) throw invalidThis("WritableStream");
    return new WritableStreamDefaultWriter(this);
  }

  [kInspect](depth, options, inspect) {
    const s = this.#r;
    return customInspect("WritableStream", { locked: s.writer !== null, state: s.state }, depth, options, inspect);
  }
}

finishClass(WritableStream, ["locked", "abort", "close", "getWriter"]);

function newWSRec() {
  const rec = new WSRec();
  new WritableStream(kInternal, rec);
  return rec;
}

// ------------------------------------------------ WritableStream algorithms

function wsAbort(s, reason) {
  if (s.state === "closed" || s.state === "errored") return RESOLVED;
  wcSignalAbort(s.ctrl, reason);
  const state = s.state;
  if (state === "closed" || state === "errored") return RESOLVED;
  if (s.pendingAbortRequest !== null) return s.pendingAbortRequest.promise;
  let wasAlreadyErroring = false;
  if (state === "erroring") {
    wasAlreadyErroring = true;
    reason = undefined;
  }
  const d = Promise.withResolvers();
  s.pendingAbortRequest = { promise: d.promise, resolve: d.resolve, reject: d.reject, reason, wasAlreadyErroring };
  if (!wasAlreadyErroring) wsStartErroring(s, reason);
  return d.promise;
}

function wsClose(s) {
  const state = s.state;
  if (state === "closed" || state === "errored") {
    return Promise.reject(invalidState("WritableStream is closed"));
  }
  const d = Promise.withResolvers();
  s.closeRequest = d;
  const writer = s.writer;
  if (writer !== null && s.backpressure && state === "writable") writerResolveReady(writer);
  wcClose(s.ctrl);
  return d.promise;
}

function wsAddWriteRequest(s) {
  const d = Promise.withResolvers();
  s.writeRequests.push(d);
  return d.promise;
}

function wsDealWithRejection(s, err) {
  if (s.state === "writable") {
    wsStartErroring(s, err);
    return;
  }
  wsFinishErroring(s);
}

function wsStartErroring(s, reason) {
  const c = s.ctrl;
  s.state = "erroring";
  s.storedError = reason;
  const writer = s.writer;
  if (writer !== null) writerEnsureReadyPromiseRejected(writer, reason);
  if (!wsHasOperationMarkedInFlight(s) && c.started) wsFinishErroring(s);
}

function wsFinishErroring(s) {
  s.state = "errored";
  if (s.closedWatch !== null) s.closedWatch.reject(s.storedError);
  wcResetQueue(s.ctrl);
  const err = s.storedError;
  const requests = s.writeRequests;
  s.writeRequests = [];
  for (let i = 0; i < requests.length; i++) requests[i].reject(err);
  const abortRequest = s.pendingAbortRequest;
  if (abortRequest === null) {
    wsRejectCloseAndClosedPromiseIfNeeded(s);
    return;
  }
  s.pendingAbortRequest = null;
  if (abortRequest.wasAlreadyErroring) {
    abortRequest.reject(err);
    wsRejectCloseAndClosedPromiseIfNeeded(s);
    return;
  }
  wcAbortSteps(s.ctrl, abortRequest.reason).then(() => {
    abortRequest.resolve();
    wsRejectCloseAndClosedPromiseIfNeeded(s);
  }, (reason) => {
    abortRequest.reject(reason);
    wsRejectCloseAndClosedPromiseIfNeeded(s);
  });
}

function wsFinishInFlightWrite(s) {
  s.inFlightWriteRequest.resolve();
  s.inFlightWriteRequest = null;
}

function wsFinishInFlightWriteWithError(s, err) {
  s.inFlightWriteRequest.reject(err);
  s.inFlightWriteRequest = null;
  wsDealWithRejection(s, err);
}

function wsFinishInFlightClose(s) {
  s.inFlightCloseRequest.resolve();
  s.inFlightCloseRequest = null;
  if (s.state === "erroring") {
    s.storedError = undefined;
    if (s.pendingAbortRequest !== null) {
      s.pendingAbortRequest.resolve();
      s.pendingAbortRequest = null;
    }
  }
  s.state = "closed";
  if (s.closedWatch !== null) s.closedWatch.resolve();
  const writer = s.writer;
  if (writer !== null && writer.closedRes !== null) {
    writer.closedRes();
    writer.closedRes = writer.closedRej = null;
  }
}

function wsFinishInFlightCloseWithError(s, err) {
  s.inFlightCloseRequest.reject(err);
  s.inFlightCloseRequest = null;
  if (s.pendingAbortRequest !== null) {
    s.pendingAbortRequest.reject(err);
    s.pendingAbortRequest = null;
  }
  wsDealWithRejection(s, err);
}

function wsCloseQueuedOrInFlight(s) {
  return s.closeRequest !== null || s.inFlightCloseRequest !== null;
}

function wsHasOperationMarkedInFlight(s) {
  return s.inFlightWriteRequest !== null || s.inFlightCloseRequest !== null;
}

function wsRejectCloseAndClosedPromiseIfNeeded(s) {
  if (s.closeRequest !== null) {
    s.closeRequest.reject(s.storedError);
    s.closeRequest = null;
  }
  const writer = s.writer;
  if (writer !== null && writer.closedRej !== null) {
    writer.closedRej(s.storedError);
    writer.closedRes = writer.closedRej = null;
    markHandled(writer.closedP);
  }
}

function wsUpdateBackpressure(s, backpressure) {
  const writer = s.writer;
  if (writer !== null && backpressure !== s.backpressure) {
    if (backpressure) {
      const d = Promise.withResolvers();
      writer.readyP = d.promise;
      writer.readyRes = d.resolve;
      writer.readyRej = d.reject;
    } else {
      writerResolveReady(writer);
    }
  }
  s.backpressure = backpressure;
}

// ---------------------------------------------------------------- writer

function writerResolveReady(writer) {
  if (writer.readyRes !== null) {
    writer.readyRes();
    writer.readyRes = writer.readyRej = null;
  }
}

function writerEnsureReadyPromiseRejected(writer, err) {
  if (writer.readyRej !== null) {
    writer.readyRej(err);
    writer.readyRes = writer.readyRej = null;
  } else {
    writer.readyP = Promise.reject(err);
  }
  markHandled(writer.readyP);
}

function writerEnsureClosedPromiseRejected(writer, err) {
  if (writer.closedRej !== null) {
    writer.closedRej(err);
    writer.closedRes = writer.closedRej = null;
  } else {
    writer.closedP = Promise.reject(err);
  }
  markHandled(writer.closedP);
}

function writerInitialize(writer, s) {
  if (s.writer !== null) throw invalidState("WritableStream is locked");
  writer.stream = s;
  s.writer = writer;
  const state = s.state;
  const pendingClosed = () => {
    const d = Promise.withResolvers();
    writer.closedP = d.promise;
    writer.closedRes = d.resolve;
    writer.closedRej = d.reject;
  };
  if (state === "writable") {
    if (!wsCloseQueuedOrInFlight(s) && s.backpressure) {
      const d = Promise.withResolvers();
      writer.readyP = d.promise;
      writer.readyRes = d.resolve;
      writer.readyRej = d.reject;
    } else {
      writer.readyP = Promise.resolve();
    }
    pendingClosed();
  } else if (state === "erroring") {
    writer.readyP = rejectedHandled(s.storedError);
    pendingClosed();
  } else if (state === "closed") {
    writer.readyP = Promise.resolve();
    writer.closedP = Promise.resolve();
  } else {
    writer.readyP = rejectedHandled(s.storedError);
    writer.closedP = rejectedHandled(s.storedError);
  }
}

function acquireWriter(s) {
  const writer = new WriterRec();
  new WritableStreamDefaultWriter(kInternal, writer);
  writerInitialize(writer, s);
  return writer;
}

function writerGetDesiredSize(writer) {
  const s = writer.stream;
  const state = s.state;
  if (state === "errored" || state === "erroring") return null;
  if (state === "closed") return 0;
  return s.ctrl.hwm - s.ctrl.total;
}

function writerRelease(writer) {
  const s = writer.stream;
  const err = invalidState("Writer has been released");
  writerEnsureReadyPromiseRejected(writer, err);
  writerEnsureClosedPromiseRejected(writer, err);
  s.writer = null;
  writer.stream = null;
}

function writerWrite(writer, chunk) {
  const s = writer.stream;
  const c = s.ctrl;
  const size = wcGetChunkSize(c, chunk);
  if (s !== writer.stream) return Promise.reject(invalidState("Writer has been released"));
  const state = s.state;
  if (state === "errored") return Promise.reject(s.storedError);
  if (wsCloseQueuedOrInFlight(s) || state === "closed") {
    return Promise.reject(invalidState("WritableStream is closed"));
  }
  if (state === "erroring") return Promise.reject(s.storedError);
  const promise = wsAddWriteRequest(s);
  wcWrite(c, chunk, size);
  return promise;
}

function writerCloseWithErrorPropagation(writer) {
  const s = writer.stream;
  const state = s.state;
  if (wsCloseQueuedOrInFlight(s) || state === "closed") return RESOLVED;
  if (state === "errored") return Promise.reject(s.storedError);
  return wsClose(s);
}

class WritableStreamDefaultWriter {
  #r;

  constructor(stream) {
    if (stream === kInternal) {
      this.#r = arguments[1];
      this.#r.pub = this;
      return;
    }
    const s = wsOf(stream);
    if (s === undefined) throw invalidArgType("stream", "an instance of WritableStream", stream);
    const writer = new WriterRec();
    writer.pub = this;
    this.#r = writer;
    writerInitialize(writer, s);
  }

  static {
    writerOf = (v) => (v !== null && typeof v === "object" && #r in v ? v.#r : undefined);
  }

  get closed() {
    const writer = writerOf(this);
    if (writer === undefined) return Promise.reject(invalidThis("WritableStreamDefaultWriter"));
    return writer.closedP;
  }

  get ready() {
    const writer = writerOf(this);
    if (writer === undefined) return Promise.reject(invalidThis("WritableStreamDefaultWriter"));
    return writer.readyP;
  }

  get desiredSize() {
    const writer = writerOf(this);
    if (writer === undefined) throw invalidThis("WritableStreamDefaultWriter");
    if (writer.stream === null) throw invalidState("Writer is not bound to a WritableStream");
    return writerGetDesiredSize(writer);
  }

  abort(reason = undefined) {
    const writer = writerOf(this);
    if (writer === undefined) return Promise.reject(invalidThis("WritableStreamDefaultWriter"));
    if (writer.stream === null) return Promise.reject(invalidState("Writer is not bound to a WritableStream"));
    return wsAbort(writer.stream, reason);
  }

  close() {
    const writer = writerOf(this);
    if (writer === undefined) return Promise.reject(invalidThis("WritableStreamDefaultWriter"));
    const s = writer.stream;
    if (s === null) return Promise.reject(invalidState("Writer is not bound to a WritableStream"));
    if (wsCloseQueuedOrInFlight(s)) return Promise.reject(invalidState("Failure to close WritableStream"));
    return wsClose(s);
  }

  releaseLock() {
    const writer = writerOf(this);
    if (writer === undefined) throw invalidThis("WritableStreamDefaultWriter");
    if (writer.stream === null) return;
    writerRelease(writer);
  }

  write(chunk = undefined) {
    const writer = writerOf(this);
    if (writer === undefined) return Promise.reject(invalidThis("WritableStreamDefaultWriter"));
    if (writer.stream === null) return Promise.reject(invalidState("Writer is not bound to a WritableStream"));
    return writerWrite(writer, chunk);
  }

  [kInspect](depth, options, inspect) {
    const writer = this.#r;
    return customInspect("WritableStreamDefaultWriter", {
      stream: writer.stream === null ? undefined : writer.stream.pub,
      close: writer.closedP,
      ready: writer.readyP,
      desiredSize: this.desiredSize,
    }, depth, options, inspect);
  }
}

finishClass(WritableStreamDefaultWriter, ["closed", "desiredSize", "ready", "abort", "close", "releaseLock", "write"]);

// ------------------------------------------------------ writable controller

class WritableStreamDefaultController {
  #r;

  constructor(token = undefined, rec = undefined) {
    if (token !== kInternal) throw illegalConstructor();
    this.#r = rec;
    rec.pub = this;
  }

  static {
    wcOf = (v) => (v !== null && typeof v === "object" && #r in v ? v.#r : undefined);
  }

  get signal() {
    const c = wcOf(this);
    if (c === undefined) throw invalidThis("WritableStreamDefaultController");
    if (c.abortController === null) {
      const { AbortController, abortSignal } = require("abort");
      c.abortController = new AbortController();
      if (c.aborted) abortSignal(c.abortController.signal, c.abortReason);
    }
    return c.abortController.signal;
  }

  error(error = undefined) {
    const c = wcOf(this);
    if (c === undefined) throw invalidThis("WritableStreamDefaultController");
    if (c.stream.state !== "writable") return;
    wcError(c, error);
  }

  [kInspect](depth, options, inspect) {
    return customInspect("WritableStreamDefaultController", { stream: this.#r.stream.pub }, depth, options, inspect);
  }
}

finishClass(WritableStreamDefaultController, ["signal", "error"]);

function wcSignalAbort(c, reason) {
  if (c.aborted) return;
  c.aborted = true;
  c.abortReason = reason;
  if (c.abortController !== null) require("abort").abortSignal(c.abortController.signal, reason);
}

function wcDequeue(c) {
  c.queue.shift();
  c.total -= c.sizes.shift();
  if (c.total < 0) c.total = 0;
}

function wcResetQueue(c) {
  c.queue.clear();
  c.sizes.clear();
  c.total = 0;
}

function wcClearAlgorithms(c) {
  c.writeFn = undefined;
  c.closeFn = undefined;
  c.abortFn = undefined;
  c.sizeFn = undefined;
  c.hasSize = false;
  c.sink = undefined;
}

function wcGetChunkSize(c, chunk) {
  if (!c.hasSize) return 1;
  if (c.sizeFn === undefined) return 1;
  try {
    return c.sizeFn.call(undefined, chunk);
  } catch (err) {
    wcErrorIfNeeded(c, err);
    return 1;
  }
}

function wcGetBackpressure(c) {
  return c.hwm - c.total <= 0;
}

function wcWrite(c, chunk, size) {
  try {
    size = validateChunkSize(size);
  } catch (err) {
    wcErrorIfNeeded(c, err);
    return;
  }
  c.queue.push(chunk);
  c.sizes.push(size);
  c.total += size;
  const s = c.stream;
  if (!wsCloseQueuedOrInFlight(s) && s.state === "writable") wsUpdateBackpressure(s, wcGetBackpressure(c));
  wcAdvanceQueueIfNeeded(c);
}

function wcClose(c) {
  c.queue.push(kCloseSentinel);
  c.sizes.push(0);
  wcAdvanceQueueIfNeeded(c);
}

function wcAdvanceQueueIfNeeded(c) {
  const s = c.stream;
  if (!c.started) return;
  if (s.inFlightWriteRequest !== null) return;
  if (s.state === "erroring") {
    wsFinishErroring(s);
    return;
  }
  if (c.queue.size() === 0) return;
  const value = c.queue.peek();
  if (value === kCloseSentinel) wcProcessClose(c);
  else wcProcessWrite(c, value);
}

function wcProcessClose(c) {
  const s = c.stream;
  s.inFlightCloseRequest = s.closeRequest;
  s.closeRequest = null;
  wcDequeue(c);
  const p = c.user ? promiseCall(c.closeFn, c.sink, undefined) : internalCall(c.closeFn, c.sink, undefined);
  wcClearAlgorithms(c);
  p.then(() => wsFinishInFlightClose(s), (reason) => wsFinishInFlightCloseWithError(s, reason));
}

function wcProcessWrite(c, chunk) {
  const s = c.stream;
  s.inFlightWriteRequest = s.writeRequests.shift();
  (c.user ? promiseCall2(c.writeFn, c.sink, chunk, c.pub) : internalCall(c.writeFn, c.sink, chunk, c.pub))
    .then(c.onWriteOk, c.onWriteErr);
}

function wcErrorIfNeeded(c, err) {
  if (c.stream.state === "writable") wcError(c, err);
}

function wcError(c, err) {
  wcClearAlgorithms(c);
  wsStartErroring(c.stream, err);
}

function wcAbortSteps(c, reason) {
  const result = c.user ? promiseCall(c.abortFn, c.sink, reason) : internalCall(c.abortFn, c.sink, reason);
  wcClearAlgorithms(c);
  return result;
}

function setUpWritableController(s, c, sink, startFn, writeFn, closeFn, abortFn, hwm, sizeFn) {
  c.sink = sink;
  c.writeFn = writeFn;
  c.closeFn = closeFn;
  c.abortFn = abortFn;
  c.hwm = hwm;
  c.sizeFn = sizeFn;
  c.hasSize = sizeFn !== undefined;
  s.ctrl = c;
  wsUpdateBackpressure(s, wcGetBackpressure(c));
  const startResult = startFn === undefined ? undefined : startFn.call(sink, c.pub);
  new Promise((resolve) => resolve(startResult)).then(() => {
    c.started = true;
    wcAdvanceQueueIfNeeded(c);
  }, (err) => {
    c.started = true;
    wsDealWithRejection(s, err);
  });
}

function setUpWritableControllerFromSink(s, sink, hwm, sizeFn) {
  const c = new WCRec(s);
  new WritableStreamDefaultController(kInternal, c);
  const startFn = startMember(sink);
  const writeFn = callbackMember(sink, "write", "sink.write");
  const closeFn = callbackMember(sink, "close", "sink.close");
  const abortFn = callbackMember(sink, "abort", "sink.abort");
  c.user = true;
  setUpWritableController(s, c, sink, startFn, writeFn, closeFn, abortFn, hwm, sizeFn);
}

function newWritableStream(sink, startFn, writeFn, closeFn, abortFn, hwm = 1, sizeFn = undefined) {
  const s = newWSRec();
  const c = new WCRec(s);
  new WritableStreamDefaultController(kInternal, c);
  setUpWritableController(s, c, sink, startFn, writeFn, closeFn, abortFn, hwm, sizeFn);
  return s;
}

// ========================================================= TransformStream

let tsOf;
let tcOf;

class TSRec {
  constructor() {
    this.pub = null;
    this.readable = null; // StreamRec
    this.writable = null; // WSRec
    this.backpressure = undefined;
    this.backpressureChange = null; // deferred
    this.ctrl = null; // TCRec
  }
}

class TCRec {
  constructor(stream) {
    this.pub = null;
    this.stream = stream;
    this.transformer = undefined;
    this.transformFn = undefined;
    this.flushFn = undefined;
    this.cancelFn = undefined;
    this.defaultTransform = false; // no transform(): enqueue the chunk
    this.finishPromise = null; // deferred
    this.pendingChunk = undefined; // the write waiting for backpressure
    this.onTransformErr = (reason) => {
      tsError(this.stream, reason);
      throw reason;
    };
    this.onBackpressureChange = () => {
      const w = this.stream.writable;
      if (w.state === "erroring") throw w.storedError;
      const chunk = this.pendingChunk;
      this.pendingChunk = undefined;
      return tcPerformTransform(this, chunk);
    };
  }
}

class TransformStream {
  #r;

  constructor(transformer = undefined, writableStrategy = undefined, readableStrategy = undefined) {
    if (transformer !== undefined) validateObject(transformer, "transformer", false);
    if (writableStrategy !== undefined) validateObject(writableStrategy, "writableStrategy", true);
    if (readableStrategy !== undefined) validateObject(readableStrategy, "readableStrategy", true);
    const t = transformer === undefined ? {} : transformer;
    const readableType = t.readableType;
    const writableType = t.writableType;
    if (readableType !== undefined) throw argValue("transformer.readableType", readableType, "is invalid", RangeError);
    if (writableType !== undefined) throw argValue("transformer.writableType", writableType, "is invalid", RangeError);
    const ws = writableStrategy == null ? {} : writableStrategy;
    const rs = readableStrategy == null ? {} : readableStrategy;
    const readableHWM = extractHighWaterMark(rs.highWaterMark, 0);
    const readableSize = extractSizeAlgorithm(rs.size);
    const writableHWM = extractHighWaterMark(ws.highWaterMark, 1);
    const writableSize = extractSizeAlgorithm(ws.size);
    const transformFn = callbackMember(t, "transform", "transformer.transform");
    const flushFn = callbackMember(t, "flush", "transformer.flush");
    const cancelFn = callbackMember(t, "cancel", "transformer.cancel");
    const startFn = startMember(t, "FunctionPrototypeCall is not a function");
    const rec = new TSRec();
    rec.pub = this;
    this.#r = rec;
    const startPromise = Promise.withResolvers();
    tsInitialize(rec, startPromise.promise, writableHWM, writableSize, readableHWM, readableSize);
    const c = new TCRec(rec);
    new TransformStreamDefaultController(kInternal, c);
    tsSetUpController(rec, c, t, transformFn, flushFn, cancelFn);
    if (startFn !== undefined) startPromise.resolve(startFn.call(t, c.pub));
    else startPromise.resolve();
  }

  static {
    tsOf = (v) => (v !== null && typeof v === "object" && #r in v ? v.#r : undefined);
  }

  get readable() {
    const ts = tsOf(this);
    if (ts === undefined) throw invalidThis("TransformStream");
    return ts.readable.pub;
  }

  get writable() {
    const ts = tsOf(this);
    if (ts === undefined) throw invalidThis("TransformStream");
    return ts.writable.pub;
  }

  [kInspect](depth, options, inspect) {
    const ts = this.#r;
    return customInspect("TransformStream", {
      readable: ts.readable.pub,
      writable: ts.writable.pub,
      backpressure: ts.backpressure,
    }, depth, options, inspect);
  }
}

finishClass(TransformStream, ["readable", "writable"]);

class TransformStreamDefaultController {
  #r;

  constructor(token = undefined, rec = undefined) {
    if (token !== kInternal) throw illegalConstructor();
    this.#r = rec;
    rec.pub = this;
  }

  static {
    tcOf = (v) => (v !== null && typeof v === "object" && #r in v ? v.#r : undefined);
  }

  get desiredSize() {
    const c = tcOf(this);
    if (c === undefined) throw invalidThis("TransformStreamDefaultController");
    return dcGetDesiredSize(c.stream.readable.ctrl);
  }

  enqueue(chunk = undefined) {
    const c = tcOf(this);
    if (c === undefined) throw invalidThis("TransformStreamDefaultController");
    tcEnqueue(c, chunk);
  }

  error(reason = undefined) {
    const c = tcOf(this);
    if (c === undefined) throw invalidThis("TransformStreamDefaultController");
    tsError(c.stream, reason);
  }

  terminate() {
    const c = tcOf(this);
    if (c === undefined) throw invalidThis("TransformStreamDefaultController");
    tcTerminate(c);
  }

  [kInspect](depth, options, inspect) {
    return customInspect("TransformStreamDefaultController", { stream: this.#r.stream.pub }, depth, options, inspect);
  }
}

finishClass(TransformStreamDefaultController, ["desiredSize", "enqueue", "error", "terminate"]);

function tsInitialize(ts, startPromise, writableHWM, writableSize, readableHWM, readableSize) {
  const start = () => startPromise;
  ts.writable = newWritableStream(ts, start, tsSinkWrite, tsSinkClose, tsSinkAbort, writableHWM, writableSize);
  ts.readable = newDefaultStream(ts, start, tsSourcePull, tsSourceCancel, readableHWM, readableSize);
  ts.backpressure = undefined;
  ts.backpressureChange = null;
  tsSetBackpressure(ts, true);
  ts.ctrl = null;
}

function tsError(ts, err) {
  dcError(ts.readable.ctrl, err);
  tsErrorWritableAndUnblockWrite(ts, err);
}

function tsErrorWritableAndUnblockWrite(ts, err) {
  tcClearAlgorithms(ts.ctrl);
  wcErrorIfNeeded(ts.writable.ctrl, err);
  tsUnblockWrite(ts);
}

function tsUnblockWrite(ts) {
  if (ts.backpressure) tsSetBackpressure(ts, false);
}

function tsSetBackpressure(ts, backpressure) {
  if (ts.backpressureChange !== null) ts.backpressureChange.resolve();
  ts.backpressureChange = Promise.withResolvers();
  ts.backpressure = backpressure;
}

function tsSetUpController(ts, c, transformer, transformFn, flushFn, cancelFn) {
  ts.ctrl = c;
  c.transformer = transformer;
  c.transformFn = transformFn;
  c.defaultTransform = transformFn === undefined;
  c.flushFn = flushFn;
  c.cancelFn = cancelFn;
}

function tcClearAlgorithms(c) {
  c.transformFn = undefined;
  c.defaultTransform = false;
  c.flushFn = undefined;
  c.cancelFn = undefined;
  c.transformer = undefined;
}

function tcEnqueue(c, chunk) {
  const ts = c.stream;
  const rc = ts.readable.ctrl;
  if (!dcCanCloseOrEnqueue(rc)) throw invalidState("Unable to enqueue");
  try {
    dcEnqueue(rc, chunk);
  } catch (err) {
    tsErrorWritableAndUnblockWrite(ts, err);
    throw ts.readable.storedError;
  }
  const backpressure = dcHasBackpressure(rc);
  if (backpressure !== ts.backpressure) tsSetBackpressure(ts, true);
}

function tcTerminate(c) {
  const ts = c.stream;
  dcClose(ts.readable.ctrl);
  tsErrorWritableAndUnblockWrite(ts, invalidState("TransformStream has been terminated"));
}

function tcPerformTransform(c, chunk) {
  let p;
  if (c.defaultTransform) {
    try {
      tcEnqueue(c, chunk);
      p = RESOLVED;
    } catch (err) {
      p = Promise.reject(err);
    }
  } else {
    p = promiseCall2(c.transformFn, c.transformer, chunk, c.pub);
  }
  return p.then(undefined, c.onTransformErr);
}

function tsSinkWrite(chunk) {
  const ts = this;
  const c = ts.ctrl;
  if (ts.backpressure) {
    c.pendingChunk = chunk;
    return ts.backpressureChange.promise.then(c.onBackpressureChange);
  }
  return tcPerformTransform(c, chunk);
}

function tsSinkAbort(reason) {
  const ts = this;
  const c = ts.ctrl;
  if (c.finishPromise !== null) return c.finishPromise.promise;
  const readable = ts.readable;
  const finish = c.finishPromise = Promise.withResolvers();
  const cancelPromise = promiseCall(c.cancelFn, c.transformer, reason);
  tcClearAlgorithms(c);
  cancelPromise.then(() => {
    if (readable.state === "errored") {
      finish.reject(readable.storedError);
    } else {
      dcError(readable.ctrl, reason);
      finish.resolve();
    }
  }, (err) => {
    dcError(readable.ctrl, err);
    finish.reject(err);
  });
  return finish.promise;
}

function tsSinkClose() {
  const ts = this;
  const c = ts.ctrl;
  if (c.finishPromise !== null) return c.finishPromise.promise;
  const readable = ts.readable;
  const finish = c.finishPromise = Promise.withResolvers();
  const flushPromise = promiseCall(c.flushFn, c.transformer, c.pub);
  tcClearAlgorithms(c);
  flushPromise.then(() => {
    if (readable.state === "errored") {
      finish.reject(readable.storedError);
    } else {
      dcClose(readable.ctrl);
      finish.resolve();
    }
  }, (err) => {
    dcError(readable.ctrl, err);
    finish.reject(err);
  });
  return finish.promise;
}

function tsSourcePull() {
  const ts = this;
  tsSetBackpressure(ts, false);
  return ts.backpressureChange.promise;
}

function tsSourceCancel(reason) {
  const ts = this;
  const c = ts.ctrl;
  if (c.finishPromise !== null) return c.finishPromise.promise;
  const writable = ts.writable;
  const finish = c.finishPromise = Promise.withResolvers();
  const cancelPromise = promiseCall(c.cancelFn, c.transformer, reason);
  tcClearAlgorithms(c);
  cancelPromise.then(() => {
    if (writable.state === "errored") {
      finish.reject(writable.storedError);
    } else {
      wcErrorIfNeeded(writable.ctrl, reason);
      tsUnblockWrite(ts);
      finish.resolve();
    }
  }, (err) => {
    wcErrorIfNeeded(writable.ctrl, err);
    tsUnblockWrite(ts);
    finish.reject(err);
  });
  return finish.promise;
}

// ======================================================= queuing strategies

const countSize = { size() { return 1; } }.size;
const byteLengthSize = { size(chunk) { return chunk.byteLength; } }.size;

function strategyInit(init) {
  validateObject(init, "init", false);
  const hwm = init.highWaterMark;
  if (hwm === undefined) throw codedError(TypeError, "ERR_MISSING_OPTION", "init.highWaterMark is required");
  return +hwm;
}

class ByteLengthQueuingStrategy {
  #hwm;

  constructor(init) {
    this.#hwm = strategyInit(init);
  }

  get highWaterMark() {
    if (!(#hwm in Object(this))) throw invalidThis("ByteLengthQueuingStrategy");
    return this.#hwm;
  }

  get size() {
    if (!(#hwm in Object(this))) throw invalidThis("ByteLengthQueuingStrategy");
    return byteLengthSize;
  }

  [kInspect](depth, options, inspect) {
    return customInspect("ByteLengthQueuingStrategy", { highWaterMark: this.#hwm }, depth, options, inspect);
  }
}

finishClass(ByteLengthQueuingStrategy, ["highWaterMark", "size"]);

class CountQueuingStrategy {
  #hwm;

  constructor(init) {
    this.#hwm = strategyInit(init);
  }

  get highWaterMark() {
    if (!(#hwm in Object(this))) throw invalidThis("CountQueuingStrategy");
    return this.#hwm;
  }

  get size() {
    if (!(#hwm in Object(this))) throw invalidThis("CountQueuingStrategy");
    return countSize;
  }

  [kInspect](depth, options, inspect) {
    return customInspect("CountQueuingStrategy", { highWaterMark: this.#hwm }, depth, options, inspect);
  }
}

finishClass(CountQueuingStrategy, ["highWaterMark", "size"]);

// ========================================================= encoding streams

class TextEncoderStream {
  #ts;
  #pending = ""; // a high surrogate waiting for its pair

  constructor() {
    const self = this;
    this.#ts = new TransformStream({
      transform(chunk, controller) {
        let s = `${chunk}`;
        if (self.#pending !== "") {
          s = self.#pending + s;
          self.#pending = "";
        }
        if (s.length === 0) return;
        const last = s.charCodeAt(s.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) {
          self.#pending = s[s.length - 1];
          s = s.slice(0, -1);
          if (s.length === 0) return;
        }
        controller.enqueue(encoder().encode(s));
      },
      flush(controller) {
        if (self.#pending !== "") controller.enqueue(new Uint8Array([0xef, 0xbf, 0xbd]));
      },
    });
  }

  get encoding() {
    if (!(#ts in Object(this))) throw invalidThis("TextEncoderStream");
    return "utf-8";
  }

  get readable() {
    if (!(#ts in Object(this))) throw invalidThis("TextEncoderStream");
    return this.#ts.readable;
  }

  get writable() {
    if (!(#ts in Object(this))) throw invalidThis("TextEncoderStream");
    return this.#ts.writable;
  }

  [kInspect](depth, options, inspect) {
    return customInspect("TextEncoderStream", {
      encoding: "utf-8",
      readable: this.#ts.readable,
      writable: this.#ts.writable,
    }, depth, options, inspect);
  }
}

finishClass(TextEncoderStream, ["encoding", "readable", "writable"], undefined, false);

let sharedEncoder;
function encoder() {
  if (sharedEncoder === undefined) sharedEncoder = new (require("encoding").TextEncoder)();
  return sharedEncoder;
}

const STREAM = { stream: true };

class TextDecoderStream {
  #ts;
  #decoder;

  constructor(encoding = "utf-8", options = undefined) {
    const decoder = new (require("encoding").TextDecoder)(encoding, options);
    this.#decoder = decoder;
    this.#ts = new TransformStream({
      transform(chunk, controller) {
        if (!isArrayBufferView(chunk) && !(chunk instanceof ArrayBuffer) &&
            !(typeof SharedArrayBuffer === "function" && chunk instanceof SharedArrayBuffer)) {
          throw codedError(TypeError, "ERR_INVALID_ARG_TYPE",
            'The "input" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.');
        }
        const text = decoder.decode(chunk, STREAM);
        if (text.length > 0) controller.enqueue(text);
      },
      flush(controller) {
        const text = decoder.decode();
        if (text.length > 0) controller.enqueue(text);
      },
    });
  }

  get encoding() {
    if (!(#ts in Object(this))) throw invalidThis("TextDecoderStream");
    return this.#decoder.encoding;
  }

  get fatal() {
    if (!(#ts in Object(this))) throw invalidThis("TextDecoderStream");
    return this.#decoder.fatal;
  }

  get ignoreBOM() {
    if (!(#ts in Object(this))) throw invalidThis("TextDecoderStream");
    return this.#decoder.ignoreBOM;
  }

  get readable() {
    if (!(#ts in Object(this))) throw invalidThis("TextDecoderStream");
    return this.#ts.readable;
  }

  get writable() {
    if (!(#ts in Object(this))) throw invalidThis("TextDecoderStream");
    return this.#ts.writable;
  }

  [kInspect](depth, options, inspect) {
    const d = this.#decoder;
    return customInspect("TextDecoderStream", {
      encoding: d.encoding,
      fatal: d.fatal,
      ignoreBOM: d.ignoreBOM,
      readable: this.#ts.readable,
      writable: this.#ts.writable,
    }, depth, options, inspect);
  }
}

finishClass(TextDecoderStream, ["encoding", "fatal", "ignoreBOM", "readable", "writable"], undefined, false);

// ====================================================== compression streams
//
// Over host.zlib: one handle per stream, closed when the stream ends, errors
// or is canceled (and by a finalizer if the guest drops it half-way).

const ZLIB_KIND = {
  compress: { deflate: 1, "deflate-raw": 5, gzip: 3, brotli: 9 },
  decompress: { deflate: 2, "deflate-raw": 6, gzip: 4, brotli: 8 },
};
const Z_NO_FLUSH = 0;
const Z_FINISH = 4;
// brotli's operations, in place of zlib's flush values
const BROTLI_OPERATION_PROCESS = 0, BROTLI_OPERATION_FINISH = 2;

let zlibRegistry;
function zlibFinalizer() {
  if (zlibRegistry === undefined) {
    zlibRegistry = typeof FinalizationRegistry === "function"
      ? new FinalizationRegistry((cell) => {
        if (cell.id !== 0) host.zlib.close(cell.id);
      })
      : null;
  }
  return zlibRegistry;
}

function compressionFormat(name, format) {
  const s = `${format}`;
  if (s !== "deflate" && s !== "deflate-raw" && s !== "gzip" && s !== "brotli") {
    throw codedError(TypeError, "ERR_INVALID_ARG_VALUE",
      `Failed to construct '${name}': 1st argument value '${s}' is not a valid enum value of type CompressionFormat.`);
  }
  return s;
}

// Node reports zlib failures (the Z_* codes) as a TypeError carrying the
// zlib error as its cause; brotli's own failures (ERR_* codes) come as they
// are.
function zlibError(message, code, errno) {
  const cause = new Error(message);
  cause.errno = errno;
  cause.code = code;
  if (!String(code).startsWith("Z_")) return cause;
  const err = new TypeError("", { cause });
  err.code = code;
  return err;
}

function chunkBytes(chunk) {
  if (typeof chunk === "string") return encoder().encode(chunk);
  if (isArrayBufferView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  throw invalidArgType("chunk", "of type string or an instance of Buffer, TypedArray, or DataView", chunk);
}

// The transformer shared by CompressionStream and DecompressionStream.
class ZlibTransformer {
  constructor(kind, format, inflate) {
    this.kind = kind;
    this.gzip = format === "gzip";
    this.brotli = format === "brotli";
    this.inflate = inflate;
    this.cell = { id: this.openHandle() };
    this.ended = false; // the compressed stream reached its end
    const registry = zlibFinalizer();
    if (registry !== null) registry.register(this, this.cell);
  }

  openHandle() {
    return this.brotli ? host.zlib.brotliOpen(this.kind) : host.zlib.open(this.kind, -1, 15, 8, 0);
  }

  close() {
    if (this.cell.id !== 0) {
      host.zlib.close(this.cell.id);
      this.cell.id = 0;
    }
  }

  // Feed bytes to zlib and enqueue what comes out, as one chunk per call.
  run(controller, bytes, flush) {
    const z = host.zlib;
    let out = null; // the output so far, when a second gzip member follows
    for (;;) {
      if (this.ended) {
        if (bytes.byteLength === 0) return;
        // Another gzip member may follow; anything else is junk.
        if (!this.gzip) {
          this.close();
          throw codedError(TypeError, "ERR_TRAILING_JUNK_AFTER_STREAM_END",
            "Trailing junk found after the end of the compressed stream");
        }
        this.close();
        this.cell.id = this.openHandle();
        this.ended = false;
      }
      // brotli: one call writes all the output there is (64 KB steps)
      const r = this.brotli
        ? z.write(this.cell.id, bytes, flush === Z_FINISH ? BROTLI_OPERATION_FINISH : BROTLI_OPERATION_PROCESS, 0, 0, 65536)
        : z.write(this.cell.id, bytes, flush);
      if (r.error) {
        this.close();
        throw zlibError(r.code === "Z_BUF_ERROR" ? "unexpected end of file" : r.error, r.code, r.errno);
      }
      let chunk = r.out;
      if (out !== null) {
        chunk = new Uint8Array(out.byteLength + r.out.byteLength);
        chunk.set(out);
        chunk.set(r.out, out.byteLength);
      }
      if (this.inflate && r.end) {
        this.ended = true;
        if (r.rest > 0) {
          out = chunk;
          bytes = bytes.subarray(bytes.byteLength - r.rest);
          continue;
        }
      }
      if (chunk.byteLength > 0) controller.enqueue(chunk);
      return;
    }
  }

  transform(chunk, controller) {
    const bytes = chunkBytes(chunk);
    try {
      this.run(controller, bytes, Z_NO_FLUSH);
    } catch (err) {
      this.close();
      throw err;
    }
  }

  flush(controller) {
    try {
      if (this.inflate && this.ended) return;
      this.run(controller, new Uint8Array(0), Z_FINISH);
      if (this.inflate && !this.ended) throw zlibError("unexpected end of file", "Z_BUF_ERROR", -5);
    } finally {
      this.close();
    }
  }

  cancel() {
    this.close();
  }
}

function zlibTransformStream(name, format, compress) {
  format = compressionFormat(name, format);
  const kind = (compress ? ZLIB_KIND.compress : ZLIB_KIND.decompress)[format];
  return new TransformStream(new ZlibTransformer(kind, format, !compress));
}

class CompressionStream {
  #ts;

  constructor(format) {
    this.#ts = zlibTransformStream("CompressionStream", format, true);
  }

  get readable() {
    if (!(#ts in Object(this))) throw invalidThis("CompressionStream");
    return this.#ts.readable;
  }

  get writable() {
    if (!(#ts in Object(this))) throw invalidThis("CompressionStream");
    return this.#ts.writable;
  }

  [kInspect](depth, options, inspect) {
    return customInspect("CompressionStream", { readable: this.#ts.readable, writable: this.#ts.writable },
      depth, options, inspect);
  }
}

finishClass(CompressionStream, ["readable", "writable"]);

class DecompressionStream {
  #ts;

  constructor(format) {
    this.#ts = zlibTransformStream("DecompressionStream", format, false);
  }

  get readable() {
    if (!(#ts in Object(this))) throw invalidThis("DecompressionStream");
    return this.#ts.readable;
  }

  get writable() {
    if (!(#ts in Object(this))) throw invalidThis("DecompressionStream");
    return this.#ts.writable;
  }

  [kInspect](depth, options, inspect) {
    return customInspect("DecompressionStream", { readable: this.#ts.readable, writable: this.#ts.writable },
      depth, options, inspect);
  }
}

finishClass(DecompressionStream, ["readable", "writable"]);

// ================================================================ exports

exports.ReadableStream = ReadableStream;
exports.ReadableStreamDefaultReader = ReadableStreamDefaultReader;
exports.ReadableStreamBYOBReader = ReadableStreamBYOBReader;
exports.ReadableStreamBYOBRequest = ReadableStreamBYOBRequest;
exports.ReadableByteStreamController = ReadableByteStreamController;
exports.ReadableStreamDefaultController = ReadableStreamDefaultController;
exports.TransformStream = TransformStream;
exports.TransformStreamDefaultController = TransformStreamDefaultController;
exports.WritableStream = WritableStream;
exports.WritableStreamDefaultWriter = WritableStreamDefaultWriter;
exports.WritableStreamDefaultController = WritableStreamDefaultController;
exports.ByteLengthQueuingStrategy = ByteLengthQueuingStrategy;
exports.CountQueuingStrategy = CountQueuingStrategy;
exports.TextEncoderStream = TextEncoderStream;
exports.TextDecoderStream = TextDecoderStream;
exports.CompressionStream = CompressionStream;
exports.DecompressionStream = DecompressionStream;

// For sibling files (Blob.stream, the node:stream adapters, fetch).
exports.internals = {
  isReadableStream: (v) => rsOf(v) !== undefined,
  isWritableStream: (v) => wsOf(v) !== undefined,
  isTransformStream: (v) => tsOf(v) !== undefined,
  // The stream's state: "readable", "closed" or "errored", and its error.
  readableState: (v) => rsOf(v).state,
  readableStoredError: (v) => rsOf(v).storedError,
  isDisturbed: (v) => rsOf(v).disturbed,
  // Settles when the stream closes (fulfilled) or errors (rejected), like
  // Node's kIsClosedPromise; it does not lock the stream.
  closedPromise(v) {
    const s = rsOf(v) || wsOf(v);
    if (s.closedWatch === null) {
      s.closedWatch = Promise.withResolvers();
      markHandled(s.closedWatch.promise);
      if (s.state === "closed") s.closedWatch.resolve();
      else if (s.state === "errored") s.closedWatch.reject(s.storedError);
    }
    return s.closedWatch.promise;
  },
  writableState: (v) => wsOf(v).state,
  writableStoredError: (v) => wsOf(v).storedError,
  // A byte stream that yields `bytes` (a Uint8Array the stream may take
  // over) as one chunk, then closes.
  bytesStream(bytes) {
    let done = false;
    const s = newByteStream(undefined, undefined, function pull(controller) {
      if (done) return;
      done = true;
      if (bytes.byteLength > 0) controller.enqueue(bytes);
      controller.close();
      bytes = null;
    }, function cancel() {
      done = true;
      bytes = null;
    });
    return s.pub;
  },
  // A byte stream with the given pull(controller) and cancel(reason).
  newByteStream(pull, cancel, highWaterMark = 0) {
    return newByteStream(undefined, undefined, pull, cancel, highWaterMark).pub;
  },
  newDefaultStream(pull, cancel, highWaterMark = 1, size = undefined) {
    return newDefaultStream(undefined, undefined, pull, cancel, highWaterMark, size).pub;
  },
};
