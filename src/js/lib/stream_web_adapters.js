// stream_web_adapters.js - the bridges between Node streams and web streams:
// Readable.fromWeb/toWeb, Writable.fromWeb/toWeb and Duplex.fromWeb/toWeb,
// with Node 22's validation messages. Loaded when one of them is first
// called (node_stream.js forwards to this file).
"use strict";

const { invalidArgType, validatePlainObjectArg, codedError } = require("web_errors");
const web = require("web_streams");
const { isReadableStream, isWritableStream } = web.internals;


// A Node stream's destroy callback, called once the web side has settled;
// a throw from it surfaces as an uncaught error, as in Node.
function finishDestroy(callback, error) {
  try {
    callback(error);
  } catch (err) {
    nextTick(() => {
      throw err;
    });
  }
}

// One read from the web reader into the Node stream (its _read).
function pullFrom(reader, target) {
  reader.read().then((result) => {
    if (result.done) target.push(null);
    else target.push(result.value);
  }, (error) => stream().destroy(target, error));
}
function stream() {
  return require("node_stream").module;
}

function nextTick(fn) {
  require("tasks").nextTick(fn);
}

function validateBoolean(value, name) {
  if (typeof value !== "boolean") throw invalidArgType(name, "of type boolean", value);
}

function prematureClose() {
  return codedError(Error, "ERR_STREAM_PREMATURE_CLOSE", "Premature close");
}

// Node turns a premature close of the Node side into an AbortError.
function abortError(cause) {
  const { AbortError } = require("node_stream").internals;
  return cause === undefined ? new AbortError() : new AbortError(undefined, { cause });
}

// -------------------------------------------------------------- readables

function readableFromWeb(readableStream, options = {}) {
  if (!isReadableStream(readableStream)) {
    throw invalidArgType("readableStream", "an instance of ReadableStream", readableStream);
  }
  validatePlainObjectArg(options, "options");
  const { highWaterMark, encoding, objectMode = false, signal } = options;
  validateBoolean(objectMode, "options.objectMode");
  const { Readable, destroy } = stream();
  const reader = readableStream.getReader();
  let closed = false;
  const readable = new Readable({
    objectMode,
    highWaterMark,
    encoding,
    signal,
    read() {
      pullFrom(reader, readable);
    },
    destroy(error, callback) {
      const done = () => finishDestroy(callback, error);
      if (!closed) {
        reader.cancel(error).then(done, done);
        return;
      }
      done();
    },
  });
  reader.closed.then(() => {
    closed = true;
  }, (error) => {
    closed = true;
    destroy(readable, error);
  });
  return readable;
}

function readableToWeb(streamReadable, options = {}) {
  if (streamReadable === null || typeof streamReadable !== "object" ||
      typeof streamReadable._readableState !== "object") {
    throw invalidArgType("streamReadable", "an stream.Readable", streamReadable);
  }
  const Stream = stream();
  if (Stream.isDestroyed(streamReadable) || !Stream.isReadable(streamReadable)) {
    const readable = new web.ReadableStream();
    readable.cancel();
    return readable;
  }
  const objectMode = streamReadable.readableObjectMode;
  const highWaterMark = streamReadable.readableHighWaterMark;
  let strategy = options == null ? undefined : options.strategy;
  if (!strategy) {
    strategy = objectMode ? new web.CountQueuingStrategy({ highWaterMark }) : { highWaterMark };
  }
  let controller;
  function onData(chunk) {
    // Node Buffers become plain Uint8Arrays (copied).
    if (!objectMode && chunk instanceof Uint8Array && chunk.constructor !== Uint8Array) chunk = new Uint8Array(chunk);
    controller.enqueue(chunk);
    if (controller.desiredSize <= 0) streamReadable.pause();
  }
  const cleanup = Stream.finished(streamReadable, (error) => {
    if (error && error.code === "ERR_STREAM_PREMATURE_CLOSE") error = abortError(error);
    cleanup();
    // A legacy stream may emit 'error' again after finishing.
    streamReadable.on("error", () => {});
    if (error) {
      controller.error(error);
      return;
    }
    controller.close();
  });
  streamReadable.on("data", onData);
  return new web.ReadableStream({
    start(c) {
      controller = c;
    },
    pull() {
      streamReadable.resume();
    },
    cancel(reason) {
      Stream.destroy(streamReadable, reason);
    },
  }, strategy);
}

// -------------------------------------------------------------- writables

// The write(), final() and destroy() of a Node writable over a web writer.
function writerMethods(writer, getStream, isClosed) {
  const { destroy } = stream();
  return {
    write(chunk, encoding, callback) {
      const done = (error) => {
        try {
          callback(error);
        } catch (err) {
          destroy(getStream(), err);
        }
      };
      writer.ready.then(() => writer.write(chunk).then(done, done), done);
    },
    final(callback) {
      const done = (error) => {
        try {
          callback(error);
        } catch (err) {
          nextTick(() => destroy(getStream(), err));
        }
      };
      if (!isClosed()) writer.close().then(done, done);
    },
  };
}

function writableFromWeb(writableStream, options = {}) {
  if (!isWritableStream(writableStream)) {
    throw invalidArgType("writableStream", "an instance of WritableStream", writableStream);
  }
  validatePlainObjectArg(options, "options");
  const { highWaterMark, decodeStrings = true, objectMode = false, signal } = options;
  validateBoolean(objectMode, "options.objectMode");
  validateBoolean(decodeStrings, "options.decodeStrings");
  const { Writable, destroy } = stream();
  const writer = writableStream.getWriter();
  let closed = false;
  let writable;
  const methods = writerMethods(writer, () => writable, () => closed);
  writable = new Writable({
    highWaterMark,
    objectMode,
    decodeStrings,
    signal,
    write: methods.write,
    final: methods.final,
    destroy(error, callback) {
      const done = () => finishDestroy(callback, error);
      if (!closed) {
        if (error != null) writer.abort(error).then(done, done);
        else writer.close().then(done, done);
        return;
      }
      done();
    },
  });
  writer.closed.then(() => {
    closed = true;
    if (!writable.writableEnded) destroy(writable, prematureClose());
  }, (error) => {
    closed = true;
    destroy(writable, error);
  });
  return writable;
}

function writableToWeb(streamWritable) {
  if (streamWritable === null || typeof streamWritable !== "object" ||
      typeof streamWritable._writableState !== "object") {
    throw invalidArgType("streamWritable", "an stream.Writable", streamWritable);
  }
  const Stream = stream();
  if (Stream.isDestroyed(streamWritable) || !Stream.isWritable(streamWritable)) {
    const writable = new web.WritableStream();
    writable.close();
    return writable;
  }
  const highWaterMark = streamWritable.writableHighWaterMark;
  const strategy = streamWritable.writableObjectMode
    ? new web.CountQueuingStrategy({ highWaterMark })
    : { highWaterMark, size: (chunk) => (chunk == null ? 1 : chunk.byteLength ?? chunk.length ?? 1) };
  let controller;
  let backpressure; // deferred while waiting for 'drain'
  let closed; // deferred while ending
  streamWritable.on("drain", () => {
    if (backpressure !== undefined) backpressure.resolve();
  });
  const cleanup = Stream.finished(streamWritable, (error) => {
    if (error && error.code === "ERR_STREAM_PREMATURE_CLOSE") error = abortError(error);
    cleanup();
    streamWritable.on("error", () => {});
    if (error != null) {
      if (backpressure !== undefined) backpressure.reject(error);
      if (closed !== undefined) {
        closed.reject(error);
        closed = undefined;
      }
      controller.error(error);
      controller = undefined;
      return;
    }
    if (closed !== undefined) {
      closed.resolve();
      closed = undefined;
      return;
    }
    controller.error(abortError());
    controller = undefined;
  });
  return new web.WritableStream({
    start(c) {
      controller = c;
    },
    write(chunk) {
      if (streamWritable.writableNeedDrain || !streamWritable.write(chunk)) {
        backpressure = Promise.withResolvers();
        return backpressure.promise.finally(() => {
          backpressure = undefined;
        });
      }
      return undefined;
    },
    abort(reason) {
      Stream.destroy(streamWritable, reason);
    },
    close() {
      if (closed === undefined && !streamWritable.writableEnded) {
        closed = Promise.withResolvers();
        streamWritable.end();
        return closed.promise;
      }
      controller = undefined;
      return undefined;
    },
  }, strategy);
}

// ---------------------------------------------------------------- duplexes

function duplexFromWeb(pair, options = {}) {
  validatePlainObjectArg(pair, "pair");
  const { readable: readableStream, writable: writableStream } = pair;
  if (!isReadableStream(readableStream)) {
    throw invalidArgType("pair.readable", "an instance of ReadableStream", readableStream);
  }
  if (!isWritableStream(writableStream)) {
    throw invalidArgType("pair.writable", "an instance of WritableStream", writableStream);
  }
  validatePlainObjectArg(options, "options");
  const { allowHalfOpen = false, objectMode = false, encoding, decodeStrings = true, highWaterMark, signal } = options;
  validateBoolean(objectMode, "options.objectMode");
  const { Duplex, destroy } = stream();
  const writer = writableStream.getWriter();
  const reader = readableStream.getReader();
  let writableClosed = false;
  let readableClosed = false;
  let duplex;
  const methods = writerMethods(writer, () => duplex, () => writableClosed);
  duplex = new Duplex({
    allowHalfOpen,
    highWaterMark,
    objectMode,
    encoding,
    decodeStrings,
    signal,
    write: methods.write,
    final: methods.final,
    read() {
      pullFrom(reader, duplex);
    },
    destroy(error, callback) {
      const done = () => finishDestroy(callback, error);
      if (!writableClosed || !readableClosed) {
        Promise.all([
          writableClosed ? undefined : writer.abort(error),
          readableClosed ? undefined : reader.cancel(error),
        ]).then(done, done);
        return;
      }
      done();
    },
  });
  writer.closed.then(() => {
    writableClosed = true;
    if (!duplex.writableEnded) destroy(duplex, prematureClose());
  }, (error) => {
    writableClosed = true;
    readableClosed = true;
    destroy(duplex, error);
  });
  reader.closed.then(() => {
    readableClosed = true;
  }, (error) => {
    writableClosed = true;
    readableClosed = true;
    destroy(duplex, error);
  });
  return duplex;
}

function duplexToWeb(duplex) {
  if (duplex === null || typeof duplex !== "object" ||
      typeof duplex._readableState !== "object" || typeof duplex._writableState !== "object") {
    throw invalidArgType("duplex", "an stream.Duplex", duplex);
  }
  return { writable: writableToWeb(duplex), readable: readableToWeb(duplex) };
}

// ------------------------------------------------------------- finished()

// stream.finished() of a web stream: the callback runs (in a tick) once the
// stream closes or errors.
function finishedWeb(webStream, options, callback) {
  let aborted = false;
  const signal = options && options.signal;
  if (signal) {
    const abort = () => {
      aborted = true;
      callback.call(webStream, abortError(signal.reason));
    };
    if (signal.aborted) nextTick(abort);
    else signal.addEventListener("abort", abort, { once: true });
  }
  const settle = (...args) => {
    if (!aborted) nextTick(() => callback.apply(webStream, args));
  };
  web.internals.closedPromise(webStream).then(settle, settle);
  return () => {};
}

// A web stream as a Node stream, or null for anything else: for pipeline()
// (object mode, so any chunk passes) or for Duplex.from() (a Duplex in byte
// mode, as Node makes it).
function webToNode(value, duplex) {
  if (value === null || typeof value !== "object") return null;
  const options = { objectMode: !duplex };
  if (isReadableStream(value)) {
    const readable = readableFromWeb(value, options);
    return duplex ? stream().Duplex.from({ readable }) : readable;
  }
  if (isWritableStream(value)) {
    const writable = writableFromWeb(value, options);
    return duplex ? stream().Duplex.from({ writable }) : writable;
  }
  if (isReadableStream(value.readable) && isWritableStream(value.writable)) {
    return duplexFromWeb(value, options);
  }
  return null;
}

exports.finishedWeb = finishedWeb;
exports.webToNode = webToNode;
exports.readableFromWeb = readableFromWeb;
exports.readableToWeb = readableToWeb;
exports.writableFromWeb = writableFromWeb;
exports.writableToWeb = writableToWeb;
exports.duplexFromWeb = duplexFromWeb;
exports.duplexToWeb = duplexToWeb;
