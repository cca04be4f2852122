// buffer_util.js - what the parts of node:buffer share (see
// node_buffer.js): Node's limits, its errors and argument checks, and the
// type checks.
"use strict";

const { codedError, describeReceived, inspectValue } = require("web_errors");
const encoding = require("encoding");

// ---------------------------------------------------------------------------
// Constants

// Node 22 on 64-bit systems. JavaScriptCore's own limits are lower for
// typed arrays (it throws its own RangeError when an allocation is too big)
// and higher for strings; we report Node's numbers because code compares
// against them (and the smaller string limit is the safe one).
const kMaxLength = 9007199254740991;
const kStringMaxLength = 536870888;

// ---------------------------------------------------------------------------
// Errors, with Node's codes and wording

function argTypeError(name, expected, value) {
  const what = name.startsWith("The ") ? name : `The "${name}" ${name.includes(".") ? "property" : "argument"}`;
  return codedError(TypeError, "ERR_INVALID_ARG_TYPE", `${what} must be ${expected}.${describeReceived(value)}`);
}

function rangeError(name, range, value) {
  let shown;
  if (typeof value === "number" && Number.isInteger(value) && Math.abs(value) > 2 ** 32) {
    shown = groupDigits(String(value));
  } else if (typeof value === "bigint") {
    shown = (value > 2n ** 32n || value < -(2n ** 32n) ? groupDigits(String(value)) : String(value)) + "n";
  } else {
    shown = inspectValue(value);
  }
  return codedError(RangeError, "ERR_OUT_OF_RANGE",
    `The value of "${name}" is out of range. It must be ${range}. Received ${shown}`);
}

function groupDigits(digits) {
  let sign = "";
  if (digits[0] === "-") { sign = "-"; digits = digits.slice(1); }
  let out = "";
  let i = digits.length;
  for (; i > 3; i -= 3) out = `_${digits.slice(i - 3, i)}${out}`;
  return sign + digits.slice(0, i) + out;
}

function outOfBounds(name) {
  return codedError(RangeError, "ERR_BUFFER_OUT_OF_BOUNDS",
    name ? `"${name}" is outside of buffer bounds` : "Attempt to access memory outside buffer bounds");
}

function unknownEncoding(enc) {
  return codedError(TypeError, "ERR_UNKNOWN_ENCODING", `Unknown encoding: ${enc}`);
}

function invalidArgValue(name, value) {
  let shown = inspectValue(value);
  if (shown.length > 128) shown = `${shown.slice(0, 128)}...`;
  return codedError(TypeError, "ERR_INVALID_ARG_VALUE",
    `The ${name.includes(".") ? "property" : "argument"} '${name}' is invalid. Received ${shown}`);
}

function indexRangeError() {
  return codedError(RangeError, "ERR_OUT_OF_RANGE", "Index out of range");
}

const UINT8_TYPES = "an instance of Buffer or Uint8Array";

// A number argument: type, then integer-ness, then range (Node's
// validateInteger / validateOffset wording).
function checkInteger(value, name, min = 0, max = kMaxLength) {
  if (typeof value !== "number") throw argTypeError(name, "of type number", value);
  if (!Number.isInteger(value)) throw rangeError(name, "an integer", value);
  if (value < min || value > max) throw rangeError(name, `>= ${min} && <= ${max}`, value);
}

// Node's validateNumber(value, name, min, max).
function checkNumber(value, name, min, max) {
  if (typeof value !== "number") throw argTypeError(name, "of type number", value);
  if ((min !== undefined && value < min) || (max !== undefined && value > max) ||
      ((min !== undefined || max !== undefined) && Number.isNaN(value))) {
    let range = "";
    if (min !== undefined) range = `>= ${min}`;
    if (min !== undefined && max !== undefined) range += " && ";
    if (max !== undefined) range += `<= ${max}`;
    throw rangeError(name, range, value);
  }
}

// ---------------------------------------------------------------------------
// Type checks on internal slots (not on toStringTag or instanceof)

const typedArrayTag = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;
const abByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get;
const sabByteLength = typeof SharedArrayBuffer === "function"
  ? Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, "byteLength").get : null;

function isUint8Array(v) {
  return typedArrayTag.call(v) === "Uint8Array";
}
function isTypedArray(v) {
  return typedArrayTag.call(v) !== undefined;
}
function isAnyArrayBuffer(v) {
  if (v === null || typeof v !== "object") return false;
  try { abByteLength.call(v); return true; } catch { /* not an ArrayBuffer */ }
  if (sabByteLength !== null) {
    try { sabByteLength.call(v); return true; } catch { /* not a SharedArrayBuffer */ }
  }
  return false;
}

// Byte view of any ArrayBufferView.
function bytesOf(view) {
  if (isUint8Array(view)) return view;
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

const inspectSymbol = Symbol.for("nodejs.util.inspect.custom");

Object.assign(exports, {
  argTypeError, bytesOf, checkInteger, checkNumber, codedError, encoding, indexRangeError,
  inspectSymbol, invalidArgValue, isAnyArrayBuffer, isTypedArray, isUint8Array, kMaxLength,
  kStringMaxLength, outOfBounds, rangeError, UINT8_TYPES, unknownEncoding,
});
