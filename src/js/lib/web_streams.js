// web_streams.js - the WHATWG Streams standard as Node 22 exposes it:
// ReadableStream (default and byte streams, readers, tee, pipeTo,
// pipeThrough, async iteration, from), WritableStream, TransformStream, the
// two queuing strategies, and the encoding and compression transforms.
//
// Each public object holds one private record with the spec's internal
// slots; the algorithms in the parts below work on the records and are named
// after the spec's abstract operations (rs* ReadableStream, dc* default
// controller, bc* byte controller, ws* WritableStream, wc* its controller,
// ts* TransformStream). Errors carry Node's codes and messages.
//
// Hot paths (a download streamed in 16-64 KB chunks) allocate per chunk
// only what the spec makes observable: the read promise and its result.
// Per-stream callbacks are made once, when the stream is set up.
//
// The standard is in parts, each its own file: web_streams_util.js (what
// they share), web_streams_readable.js (ReadableStream, its readers and
// default controller, tee, pipeTo, async iteration, from),
// web_streams_bytes.js (byte streams: the byte controller, the BYOB reader
// and request), web_streams_writable.js, and, loaded only when first used,
// web_streams_transform.js, web_streams_strategies.js,
// web_streams_encoding.js (TextEncoderStream, TextDecoderStream) and
// web_streams_compression.js. This file gathers them for the globals,
// stream/web and the sibling files.
"use strict";

const { markHandled } = require("web_streams_util");
const {
  ReadableStream, ReadableStreamDefaultController, ReadableStreamDefaultReader, newDefaultStream,
  rsOf,
} = require("web_streams_readable");
const {
  ReadableByteStreamController, ReadableStreamBYOBReader, ReadableStreamBYOBRequest, newByteStream,
} = require("web_streams_bytes");
const {
  WritableStream, WritableStreamDefaultController, WritableStreamDefaultWriter, wsOf,
} = require("web_streams_writable");

// A part that the others do not need is loaded when its class is first read.
function lazy(name, file) {
  Object.defineProperty(exports, name, {
    get: () => require(file)[name], enumerable: true, configurable: true,
  });
}

// ================================================================ exports

exports.ReadableStream = ReadableStream;
exports.ReadableStreamDefaultReader = ReadableStreamDefaultReader;
exports.ReadableStreamBYOBReader = ReadableStreamBYOBReader;
exports.ReadableStreamBYOBRequest = ReadableStreamBYOBRequest;
exports.ReadableByteStreamController = ReadableByteStreamController;
exports.ReadableStreamDefaultController = ReadableStreamDefaultController;
lazy("TransformStream", "web_streams_transform");
lazy("TransformStreamDefaultController", "web_streams_transform");
exports.WritableStream = WritableStream;
exports.WritableStreamDefaultWriter = WritableStreamDefaultWriter;
exports.WritableStreamDefaultController = WritableStreamDefaultController;
lazy("ByteLengthQueuingStrategy", "web_streams_strategies");
lazy("CountQueuingStrategy", "web_streams_strategies");
lazy("TextEncoderStream", "web_streams_encoding");
lazy("TextDecoderStream", "web_streams_encoding");
lazy("CompressionStream", "web_streams_compression");
lazy("DecompressionStream", "web_streams_compression");

// For sibling files (Blob.stream, the node:stream adapters, fetch).
exports.internals = {
  isReadableStream: (v) => rsOf(v) !== undefined,
  isWritableStream: (v) => wsOf(v) !== undefined,
  isTransformStream: (v) => require("web_streams_transform").tsOf(v) !== undefined,
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
