// web_streams_util.js - what the parts of the Streams standard share (see
// web_streams.js): argument checks and their errors, the promise helpers
// that call a source's or sink's algorithms, the Queue, custom inspection
// and WebIDL class finishing, buffer helpers, and one shared TextEncoder.
"use strict";

const { codedError, inspectValue, invalidArgType } = require("web_errors");

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

let sharedEncoder;
function encoder() {
  if (sharedEncoder === undefined) sharedEncoder = new (require("encoding").TextEncoder)();
  return sharedEncoder;
}

Object.assign(exports, {
  argValue, callbackMember, copyBytes, customInspect, encoder, extractHighWaterMark,
  extractSizeAlgorithm, finishClass, internalCall, invalidState, isArrayBufferView, isDataView,
  kInspect, kInternal, makeView, markHandled, noop, promiseCall, promiseCall2, Queue,
  rejectedHandled, RESOLVED, startMember, transferBuffer, validateChunkSize, validateObject,
});
