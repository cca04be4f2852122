// web_streams_transform.js - TransformStream of the Streams standard (see
// web_streams.js), over a readable and a writable stream: the stream and
// its algorithms (ts*) and the default controller (tc*). Loaded on first use.
"use strict";

const { illegalConstructor, invalidThis } = require("web_errors");
const {
  RESOLVED, argValue, callbackMember, customInspect, extractHighWaterMark, extractSizeAlgorithm,
  finishClass, invalidState, kInspect, kInternal, promiseCall, promiseCall2, startMember,
  validateObject,
} = require("web_streams_util");
const {
  dcCanCloseOrEnqueue, dcClose, dcEnqueue, dcError, dcGetDesiredSize, dcHasBackpressure,
  newDefaultStream,
} = require("web_streams_readable");
const { newWritableStream, wcErrorIfNeeded } = require("web_streams_writable");

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

Object.assign(exports, { TransformStream, TransformStreamDefaultController, tsOf });
