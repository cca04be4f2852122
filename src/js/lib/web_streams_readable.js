// web_streams_readable.js - ReadableStream of the Streams standard (see
// web_streams.js): the stream and its algorithms (rs*), the readers, the
// default controller (dc*), the default tee, pipeTo and pipeThrough, async
// iteration and ReadableStream.from(). Byte streams (the byte controller,
// the BYOB reader and request, the byte tee) are web_streams_bytes.js.
"use strict";

const { codedError, illegalConstructor, invalidArgType, invalidThis } = require("web_errors");
const {
  Queue, RESOLVED, argValue, callbackMember, customInspect, extractHighWaterMark,
  extractSizeAlgorithm, finishClass, internalCall, invalidState, kInspect, kInternal, markHandled,
  noop, promiseCall, rejectedHandled, startMember, validateChunkSize, validateObject,
} = require("web_streams_util");
const {
  acquireWriter, writerCloseWithErrorPropagation, writerRelease, writerWrite, wsAbort,
  wsCloseQueuedOrInFlight, wsOf,
} = require("web_streams_writable");

// web_streams_bytes.js and this file use each other's algorithms; its
// names are bound at the end of this file, once this file's exports are set.
let ReadableStreamBYOBReader, bcCancelSteps, bcPullSteps, bcReleaseSteps, byteTee,
  setUpByteControllerFromSource;

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
let dcOf;

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

function defaultReaderRead(reader, request) {
  const s = reader.stream;
  s.disturbed = true;
  if (s.state === "closed") request.close(undefined);
  else if (s.state === "errored") request.error(s.storedError);
  else if (s.ctrl.byte) bcPullSteps(s.ctrl, request);
  else dcPullSteps(s.ctrl, request);
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

// ================================================================ exports

Object.assign(exports, {
  ReadableStream, ReadableStreamDefaultReader, ReadableStreamDefaultController, ReadRequest,
  ReaderRec, rsOf, newStreamRec, rsCancel, rsClose, rsError, rsFulfillReadRequest,
  rsFulfillReadIntoRequest, hasDefaultReader, hasBYOBReader, numRequests, readerInitialize,
  readerGenericCancel, readerRelease, acquireDefaultReader, defaultReaderRead, dcCanCloseOrEnqueue,
  dcClose, dcEnqueue, dcError, dcGetDesiredSize, dcHasBackpressure, newDefaultStream,
});
({
  ReadableStreamBYOBReader, bcCancelSteps, bcPullSteps, bcReleaseSteps, byteTee,
  setUpByteControllerFromSource,
} = require("web_streams_bytes"));
