// node_stream_web.js - `stream/web`: the web stream classes, in Node's order.

"use strict";

const web = require("web_streams");

for (const name of [
  "ReadableStream", "ReadableStreamDefaultReader", "ReadableStreamBYOBReader", "ReadableStreamBYOBRequest",
  "ReadableByteStreamController", "ReadableStreamDefaultController", "TransformStream",
  "TransformStreamDefaultController", "WritableStream", "WritableStreamDefaultWriter",
  "WritableStreamDefaultController", "ByteLengthQueuingStrategy", "CountQueuingStrategy",
  "TextEncoderStream", "TextDecoderStream", "CompressionStream", "DecompressionStream",
]) exports[name] = web[name];
