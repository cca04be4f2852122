// web_streams_bytes.js - the byte streams of the Streams standard (see
// web_streams.js): ReadableByteStreamController and its algorithms (bc*),
// ReadableStreamBYOBRequest, ReadableStreamBYOBReader and the byte tee.
// The rest of ReadableStream is web_streams_readable.js.
"use strict";

const { illegalConstructor, invalidArgType, invalidThis, outOfRange } = require("web_errors");
const {
  Queue, RESOLVED, argValue, callbackMember, copyBytes, customInspect, finishClass, internalCall,
  invalidState, isArrayBufferView, isDataView, kInspect, kInternal, makeView, promiseCall,
  startMember, transferBuffer, validateObject,
} = require("web_streams_util");

// web_streams_readable.js and this file use each other's algorithms; its
// names are bound at the end of this file, once this file's exports are set.
let ReadRequest, ReaderRec, acquireDefaultReader, defaultReaderRead, hasBYOBReader,
  hasDefaultReader, newStreamRec, numRequests, readerGenericCancel, readerInitialize, readerRelease,
  rsCancel, rsClose, rsError, rsFulfillReadIntoRequest, rsFulfillReadRequest, rsOf;

// ================================================================ records

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

// ============================================================ byte streams

let byobReaderOf;
let bcOf;
let byobRequestOf;
let newBYOBRequest;
let invalidateBYOBRequest;
let viewOfBYOBRequest;

// ------------------------------------------------------------ BYOB reader

function acquireBYOBReader(s) {
  const reader = new ReaderRec(true);
  new ReadableStreamBYOBReader(kInternal, reader);
  if (s.reader !== null) throw invalidState("ReadableStream is locked");
  readerInitialize(reader, s);
  return reader;
}

function byobReaderRead(reader, view, min, request) {
  const s = reader.stream;
  s.disturbed = true;
  if (s.state === "errored") request.error(s.storedError);
  else bcPullInto(s.ctrl, view, min, request);
}

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

// ---------------------------------------------------------------- byte tee

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

// ================================================================ exports

Object.assign(exports, {
  ReadableByteStreamController, ReadableStreamBYOBReader, ReadableStreamBYOBRequest, bcCancelSteps,
  bcPullSteps, bcReleaseSteps, byteTee, setUpByteControllerFromSource, newByteStream,
});
({
  ReadRequest, ReaderRec, acquireDefaultReader, defaultReaderRead, hasBYOBReader, hasDefaultReader,
  newStreamRec, numRequests, readerGenericCancel, readerInitialize, readerRelease, rsCancel,
  rsClose, rsError, rsFulfillReadIntoRequest, rsFulfillReadRequest, rsOf,
} = require("web_streams_readable"));
