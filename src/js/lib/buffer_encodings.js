// buffer_encodings.js - node:buffer's text conversions (see the head
// comment of node_buffer.js): UTF-8 through encoding.js, table-driven
// latin1, ascii, UTF-16LE, hex and base64 loops, and the encoding names.
"use strict";

const { encoding } = require("buffer_util");

// ---------------------------------------------------------------------------
// String building from code units, a chunk at a time.

const CHUNK = 8192;
const units = new Array(CHUNK).fill(0);

function flush(k) {
  return String.fromCharCode.apply(null, k === CHUNK ? units : units.slice(0, k));
}

// ---------------------------------------------------------------------------
// Encodings. Each has:
//   length(str)              the bytes Buffer.from(str, enc) needs at most
//   write(bytes, str, at, n) writes at most n bytes at `at`, returns count
//   read(bytes, start, end)  the string of bytes[start, end)
// `bytes` is always a Uint8Array.

const utf8Decoder = new encoding.TextDecoder("utf-8", { ignoreBOM: true });
const utf8Encoder = new encoding.TextEncoder();

function utf8Length(s) {
  const n = s.length;
  let len = n;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) { len += 1; continue; }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { len += 2; i++; continue; }
    }
    len += 2;
  }
  return len;
}

// Whole characters only, as Node writes them; lone surrogates as U+FFFD.
function utf8Write(bytes, str, at, n) {
  if (n <= 0 || str.length === 0) return 0;
  const target = at === 0 && n === bytes.length ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset + at, n);
  return utf8Encoder.encodeInto(str, target).written;
}

function utf8Read(bytes, start, end) {
  if (end - start === 0) return "";
  return utf8Decoder.decode(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end));
}

function latin1Write(bytes, str, at, n) {
  const count = Math.min(n, str.length);
  for (let i = 0; i < count; i++) bytes[at + i] = str.charCodeAt(i);
  return count > 0 ? count : 0;
}

function latin1Read(bytes, start, end) {
  let out = "";
  for (let i = start; i < end; i += CHUNK) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(i + CHUNK, end)));
  }
  return out;
}

function asciiRead(bytes, start, end) {
  let high = false;
  for (let i = start; i < end; i++) if (bytes[i] >= 0x80) { high = true; break; }
  if (!high) return latin1Read(bytes, start, end);
  // Node clears the high bit of every byte.
  let out = "";
  let k = 0;
  for (let i = start; i < end; i++) {
    if (k === CHUNK) { out += flush(k); k = 0; }
    units[k++] = bytes[i] & 0x7f;
  }
  return out + flush(k);
}

function utf16Write(bytes, str, at, n) {
  const count = Math.min(n >>> 1, str.length);
  for (let i = 0, j = at; i < count; i++, j += 2) {
    const c = str.charCodeAt(i);
    bytes[j] = c & 0xff;
    bytes[j + 1] = c >>> 8;
  }
  return count * 2;
}

// Code units as they are: lone surrogates stay (TextDecoder would replace
// them), an odd last byte is dropped.
function utf16Read(bytes, start, end) {
  let out = "";
  let k = 0;
  for (let i = start; i + 1 < end; i += 2) {
    if (k === CHUNK) { out += flush(k); k = 0; }
    units[k++] = bytes[i] | (bytes[i + 1] << 8);
  }
  return out + flush(k);
}

const HEX_DIGITS = "0123456789abcdef";
const HEX_VALUE = new Int8Array(256).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX_VALUE[HEX_DIGITS.charCodeAt(i)] = i;
  HEX_VALUE[HEX_DIGITS.toUpperCase().charCodeAt(i)] = i;
}

// Pairs of hex digits, up to the first pair that is not one.
function hexWrite(bytes, str, at, n) {
  const pairs = Math.min(str.length >>> 1, n);
  let i = 0;
  for (; i < pairs; i++) {
    // only the low byte of a code unit counts, as in Node
    const hi = HEX_VALUE[str.charCodeAt(2 * i) & 0xff], lo = HEX_VALUE[str.charCodeAt(2 * i + 1) & 0xff];
    if (hi < 0 || lo < 0) break;
    bytes[at + i] = (hi << 4) | lo;
  }
  return i;
}

function hexRead(bytes, start, end) {
  let out = "";
  let k = 0;
  for (let i = start; i < end; i++) {
    if (k > CHUNK - 2) { out += flush(k); k = 0; }
    const b = bytes[i];
    units[k++] = HEX_DIGITS.charCodeAt(b >> 4);
    units[k++] = HEX_DIGITS.charCodeAt(b & 15);
  }
  return out + flush(k);
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B64_CODES = Array.from(B64, (c) => c.charCodeAt(0));
const B64URL_CODES = Array.from(B64URL, (c) => c.charCodeAt(0));
// Both alphabets decode under either name, as in Node.
const B64_VALUE = new Int8Array(256).fill(-1);
for (let i = 0; i < 64; i++) {
  B64_VALUE[B64.charCodeAt(i)] = i;
  B64_VALUE[B64URL.charCodeAt(i)] = i;
}

function base64Length(str) {
  let n = str.length;
  if (n > 0 && str.charCodeAt(n - 1) === 0x3d) n--;
  if (n > 1 && str.charCodeAt(n - 1) === 0x3d) n--;
  return (n * 3) >>> 2;
}

// Node's lenient decoder: characters outside both alphabets are skipped,
// the first "=" ends the data, leftover bits are dropped.
function base64Write(bytes, str, at, n) {
  const len = str.length;
  let j = at;
  const limit = at + n;
  let acc = 0, bits = 0;
  for (let i = 0; i < len && j < limit; i++) {
    const c = str.charCodeAt(i);
    if (c === 0x3d) break;
    // Node looks up only the low byte of a code unit (so U+3D3D ends the data).
    if ((c & 0xff) === 0x3d) break;
    const v = B64_VALUE[c & 0xff];
    if (v < 0) continue;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[j++] = (acc >> bits) & 0xff;
    }
  }
  return j - at;
}

function base64Encode(bytes, start, end, codes, pad) {
  let out = "";
  let k = 0;
  let i = start;
  for (; i + 2 < end; i += 3) {
    if (k > CHUNK - 4) { out += flush(k); k = 0; }
    const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    units[k++] = codes[v >> 18];
    units[k++] = codes[(v >> 12) & 63];
    units[k++] = codes[(v >> 6) & 63];
    units[k++] = codes[v & 63];
  }
  if (i < end) {
    if (k > CHUNK - 4) { out += flush(k); k = 0; }
    const two = i + 1 < end;
    const v = (bytes[i] << 16) | (two ? bytes[i + 1] << 8 : 0);
    units[k++] = codes[v >> 18];
    units[k++] = codes[(v >> 12) & 63];
    if (two) units[k++] = codes[(v >> 6) & 63];
    else if (pad) units[k++] = 0x3d;
    if (pad) units[k++] = 0x3d;
  }
  return out + flush(k);
}

const ENCODINGS = {
  __proto__: null,
  utf8: { name: "utf8", length: utf8Length, write: utf8Write, read: utf8Read },
  utf16le: {
    name: "utf16le", length: (s) => s.length * 2, write: utf16Write, read: utf16Read,
  },
  latin1: { name: "latin1", length: (s) => s.length, write: latin1Write, read: latin1Read },
  ascii: { name: "ascii", length: (s) => s.length, write: latin1Write, read: asciiRead },
  base64: {
    name: "base64", length: base64Length, write: base64Write,
    read: (b, s, e) => base64Encode(b, s, e, B64_CODES, true),
  },
  base64url: {
    name: "base64url", length: base64Length, write: base64Write,
    read: (b, s, e) => base64Encode(b, s, e, B64URL_CODES, false),
  },
  hex: { name: "hex", length: (s) => s.length >>> 1, write: hexWrite, read: hexRead },
};

const ALIASES = {
  __proto__: null,
  "utf8": "utf8", "utf-8": "utf8",
  "ucs2": "utf16le", "ucs-2": "utf16le", "utf16le": "utf16le", "utf-16le": "utf16le",
  "latin1": "latin1", "binary": "latin1",
  "base64": "base64", "base64url": "base64url", "hex": "hex", "ascii": "ascii",
};

// The canonical encoding for a name, or undefined. Any value is turned into
// a string first (so `null` is the unknown encoding "null").
function lookupEncoding(enc) {
  const s = `${enc}`;
  const found = ALIASES[s];
  if (found !== undefined) return ENCODINGS[found];
  const lower = s.toLowerCase();
  const alias = ALIASES[lower];
  return alias === undefined ? undefined : ENCODINGS[alias];
}

// Node's normalizeEncoding: undefined, null and "" mean utf8.
function normalizeEncoding(enc) {
  if (enc == null || enc === "") return "utf8";
  const e = lookupEncoding(enc);
  return e === undefined ? undefined : e.name;
}

Object.assign(exports, {
  ENCODINGS, HEX_DIGITS, lookupEncoding, normalizeEncoding, utf16Read, utf8Encoder, utf8Length,
  utf8Read, utf8Write,
});
