// node_buffer.js - Node's `buffer` module: Buffer (a Uint8Array subclass),
// SlowBuffer, Blob, File, transcode, isUtf8/isAscii, atob/btoa and the
// constants, with Node 22's behaviour and error messages.
//
// Written from Node's documentation and its observed behaviour.
//
// Text conversions are linear: UTF-8 goes through encoding.js's
// TextEncoder/TextDecoder; the other encodings are table-driven loops that
// collect UTF-16 code units in a reusable array and turn them into a string
// a chunk at a time (String.fromCharCode.apply), so no conversion builds its
// result a character at a time.
//
// Where a C primitive on `host` would help (none is used yet):
//   - utf8 decode/encode (JSC's own WTF::String conversions) for large
//     buffers: Buffer#toString(), Buffer.from(string), Buffer#write;
//   - base64 / hex encode and decode (simdutf-style loops);
//   - memchr / memmem for indexOf on large buffers.
//
// The parts: buffer_util.js (limits, errors, checks), buffer_encodings.js,
// buffer_class.js (Buffer: its pool, static and instance methods) and
// buffer_blob.js (Blob, File); this file adds
// SlowBuffer, isUtf8, isAscii and transcode and is the module's exports.

"use strict";

const {
  UINT8_TYPES, argTypeError, checkNumber, codedError, encoding, isAnyArrayBuffer, isTypedArray,
  isUint8Array, kMaxLength, kStringMaxLength,
} = require("buffer_util");
const { normalizeEncoding, utf16Read, utf8Read } = require("buffer_encodings");
const {
  Buffer, ByteArray, allocate, fromString, inspectMaxBytesProperty,
} = require("buffer_class");
const { Blob, File, resolveObjectURL } = require("buffer_blob");

// ---------------------------------------------------------------------------
// SlowBuffer (deprecated): an unpooled Buffer.

function SlowBuffer(size) {
  checkNumber(size, "size", 0, kMaxLength);
  return new ByteArray(size);
}
Object.setPrototypeOf(SlowBuffer.prototype, Uint8Array.prototype);
Object.setPrototypeOf(SlowBuffer, Uint8Array);

// ---------------------------------------------------------------------------
// isUtf8 / isAscii / transcode

function viewForValidation(input) {
  if (isTypedArray(input)) {
    if (isDetached(input.buffer)) throw detachedError();
    return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  }
  if (isAnyArrayBuffer(input)) {
    if (isDetached(input)) throw detachedError();
    return new Uint8Array(input);
  }
  throw argTypeError("input", "an instance of ArrayBuffer, Buffer, or TypedArray", input);
}

function isDetached(ab) {
  if (typeof ab.detached === "boolean") return ab.detached;
  try {
    new Uint8Array(ab);
    return false;
  } catch {
    return true;
  }
}

function detachedError() {
  return codedError(Error, "ERR_INVALID_STATE", "Cannot validate on a detached buffer");
}

// Well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF).
function validUtf8(b) {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i];
    if (c < 0x80) { i++; continue; }
    let need, lo = 0x80, hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else return false;
    if (i + need >= n) return false;
    const second = b[i + 1];
    if (second === undefined || second < lo || second > hi) return false;
    for (let j = 2; j <= need; j++) {
      const d = b[i + j];
      if (d === undefined || d < 0x80 || d > 0xbf) return false;
    }
    i += need + 1;
  }
  return true;
}

function isUtf8(input) {
  return validUtf8(viewForValidation(input));
}

function isAscii(input) {
  const b = viewForValidation(input);
  for (let i = 0; i < b.length; i++) if (b[i] >= 0x80) return false;
  return true;
}

function transcodeError(code, errno) {
  const err = new Error(`Unable to transcode Buffer [${code}]`);
  err.code = code;
  err.errno = errno;
  return err;
}

// Code points of `bytes` read as `enc`, malformed input as U+FFFD (ICU's
// converters; an odd last byte of UTF-16 is one more U+FFFD).
function decodePoints(bytes, enc) {
  const out = [];
  if (enc === "latin1") {
    for (let i = 0; i < bytes.length; i++) out.push(bytes[i]);
  } else if (enc === "ascii") {
    for (let i = 0; i < bytes.length; i++) out.push(bytes[i] < 0x80 ? bytes[i] : 0xfffd);
  } else if (enc === "utf16le") {
    const s = utf16Read(bytes, 0, bytes.length);
    for (const ch of s) {
      const c = ch.codePointAt(0);
      out.push(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c);
    }
    if (bytes.length & 1) out.push(0xfffd);
  } else {
    const s = utf8Read(bytes, 0, bytes.length);
    for (const ch of s) out.push(ch.codePointAt(0));
  }
  return out;
}

function encodePoints(points, enc) {
  if (enc === "latin1" || enc === "ascii") {
    const max = enc === "latin1" ? 0xff : 0x7f;
    const b = allocate(points.length);
    for (let i = 0; i < points.length; i++) b[i] = points[i] <= max ? points[i] : 0x3f;
    return b;
  }
  let s = "";
  for (let i = 0; i < points.length; i += 4096) s += String.fromCodePoint(...points.slice(i, i + 4096));
  return fromString(s, enc);
}

function hasLoneSurrogate(s) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { i++; continue; }
      return true;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

function transcode(source, fromEnc, toEnc) {
  if (!isUint8Array(source)) throw argTypeError("source", UINT8_TYPES, source);
  if (source.length === 0) return new ByteArray(0);
  const src = normalizeEncoding(fromEnc), dst = normalizeEncoding(toEnc);
  const ok = (e) => e === "utf8" || e === "utf16le" || e === "latin1" || e === "ascii";
  if (!ok(src) || !ok(dst)) throw transcodeError("U_ILLEGAL_ARGUMENT_ERROR", 1);
  const invalid = () => transcodeError("U_INVALID_CHAR_FOUND", 10);
  // The direct conversions Node uses for these pairs: strict UTF-8 and
  // UTF-16, and bytes widened as they are (even for "ascii").
  if (src === "utf8" && dst === "utf16le") {
    if (!validUtf8(source)) throw invalid();
    return fromString(utf8Read(source, 0, source.length), "utf16le");
  }
  if (src === "utf16le" && dst === "utf8") {
    if (source.length < 2) throw invalid();
    const s = utf16Read(source, 0, source.length);
    if (hasLoneSurrogate(s)) throw invalid();
    return fromString(s, "utf8");
  }
  if ((src === "latin1" || src === "ascii") && dst === "utf16le") {
    const b = allocate(source.length * 2);
    for (let i = 0; i < source.length; i++) { b[2 * i] = source[i]; b[2 * i + 1] = 0; }
    return b;
  }
  // UTF-16 to a single-byte encoding reads whole code units only.
  const input = src === "utf16le" && dst !== "utf16le" && (source.length & 1) ? source.subarray(0, source.length - 1) : source;
  return encodePoints(decodePoints(input, src), dst);
}

// ---------------------------------------------------------------------------
// Exports

const constants = {};
Object.defineProperties(constants, {
  MAX_LENGTH: { value: kMaxLength, writable: false, enumerable: true, configurable: false },
  MAX_STRING_LENGTH: { value: kStringMaxLength, writable: false, enumerable: true, configurable: false },
});

exports.Buffer = Buffer;
exports.SlowBuffer = SlowBuffer;
exports.transcode = transcode;
exports.isUtf8 = isUtf8;
exports.isAscii = isAscii;
exports.kMaxLength = kMaxLength;
exports.kStringMaxLength = kStringMaxLength;
exports.btoa = encoding.btoa;
exports.atob = encoding.atob;
exports.constants = constants;
Object.defineProperty(exports, "INSPECT_MAX_BYTES", inspectMaxBytesProperty);
exports.Blob = Blob;
exports.resolveObjectURL = resolveObjectURL;
exports.File = File;
