// web_streams_writable.js - WritableStream of the Streams standard (see
// web_streams.js): the stream and its algorithms (ws*), the default writer
// and the default controller (wc*).
"use strict";

const { illegalConstructor, invalidArgType, invalidThis } = require("web_errors");
const {
  Queue, RESOLVED, argValue, callbackMember, customInspect, extractHighWaterMark,
  extractSizeAlgorithm, finishClass, internalCall, invalidState, kInspect, kInternal, markHandled,
  promiseCall, promiseCall2, rejectedHandled, startMember, validateChunkSize, validateObject,
} = require("web_streams_util");

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

// ================================================================ exports

Object.assign(exports, {
  WritableStream, WritableStreamDefaultWriter, WritableStreamDefaultController, wsOf, wsAbort,
  wsCloseQueuedOrInFlight, acquireWriter, writerWrite, writerRelease,
  writerCloseWithErrorPropagation, newWritableStream, wcErrorIfNeeded,
});
