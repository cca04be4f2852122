// node_stream_consumers.js - `stream/consumers`: read a whole stream (a Node
// Readable, a ReadableStream or any async iterable) into one value.

"use strict";

async function blob(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return new (require("node_buffer").Blob)(chunks);
}

async function arrayBuffer(stream) {
  return (await blob(stream)).arrayBuffer();
}

async function buffer(stream) {
  return require("node_buffer").Buffer.from(await arrayBuffer(stream));
}

// Strings are taken as they are; bytes are decoded as UTF-8, across chunk
// boundaries.
async function text(stream) {
  const decoder = new (require("encoding").TextDecoder)();
  const streaming = { stream: true };
  let out = "";
  for await (const chunk of stream) {
    if (typeof chunk === "string") out += chunk;
    else out += decoder.decode(chunk, streaming);
  }
  return out + decoder.decode();
}

async function json(stream) {
  return JSON.parse(await text(stream));
}

exports.arrayBuffer = arrayBuffer;
exports.blob = blob;
exports.buffer = buffer;
exports.text = text;
exports.json = json;
