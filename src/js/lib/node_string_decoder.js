// node_string_decoder.js - the `string_decoder` builtin: bytes that arrive
// in chunks to strings, holding back the bytes of a character (or a base64
// group) that a chunk cut in two until the next chunk completes it.
//
// Works on any TypedArray or DataView (so on Buffers, which are
// Uint8Arrays). The chunking follows Node's decoder exactly: what each
// write() returns, not only the total, matches Node, including where
// malformed UTF-8 turns into U+FFFD.

"use strict";

const { codedError, invalidArgType } = require("web_errors");

const ENCODINGS = {
  "utf8": "utf8", "utf-8": "utf8",
  "ucs2": "utf16le", "ucs-2": "utf16le", "utf16le": "utf16le", "utf-16le": "utf16le",
  "latin1": "latin1", "binary": "latin1",
  "base64": "base64", "base64url": "base64url",
  "hex": "hex",
  "ascii": "ascii",
};

function normalizeEncoding(enc) {
  if (enc === undefined || enc === null || enc === "") return "utf8";
  const found = ENCODINGS[`${enc}`.toLowerCase()];
  if (found === undefined) throw codedError(TypeError, "ERR_UNKNOWN_ENCODING", `Unknown encoding: ${enc}`);
  return found;
}

function toBuffer(u8) {
  try {
    const { Buffer } = require("node_buffer");
    if (typeof Buffer === "function") return Buffer.from(u8.buffer, u8.byteOffset, u8.length);
  } catch {
    // no Buffer in this build
  }
  return u8;
}

// ---------------------------------------------------------------------------
// Whole-chunk decoders (no state).

// UTF-8 with U+FFFD for each maximal ill-formed subsequence, as the
// Encoding Standard (and V8) decode.
function decodeUtf8(b, start, end) {
  let out = "";
  let i = start;
  while (i < end) {
    const c = b[i];
    if (c < 0x80) {
      let j = i + 1;
      while (j < end && b[j] < 0x80 && j - i < 4096) j++;
      out += String.fromCharCode.apply(null, b.subarray(i, j));
      i = j;
      continue;
    }
    let need;
    let cp;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
      cp = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      cp = c & 0x0f;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      cp = c & 0x07;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else {
      out += "\ufffd";
      i++;
      continue;
    }
    let j = i + 1;
    let ok = true;
    for (let k = 0; k < need; k++, j++) {
      const cc = j < end ? b[j] : -1;
      if (cc < lo || cc > hi) {
        ok = false;
        break;
      }
      lo = 0x80;
      hi = 0xbf;
      cp = (cp << 6) | (cc & 0x3f);
    }
    if (!ok) {
      out += "\ufffd";
      i = j; // the bytes that were valid so far form one replaced subpart
      continue;
    }
    out += String.fromCodePoint(cp);
    i = j;
  }
  return out;
}

function decodeUtf16le(b, start, end) {
  let out = "";
  for (let i = start; i + 1 < end; i += 2) out += String.fromCharCode(b[i] | (b[i + 1] << 8));
  return out;
}

function decodeLatin1(b, start, end) {
  let out = "";
  for (let i = start; i < end; i += 4096) {
    out += String.fromCharCode.apply(null, b.subarray(i, Math.min(end, i + 4096)));
  }
  return out;
}

function decodeAscii(b, start, end) {
  let out = "";
  for (let i = start; i < end; i++) out += String.fromCharCode(b[i] & 0x7f);
  return out;
}

const HEX_DIGITS = "0123456789abcdef";
function decodeHex(b, start, end) {
  let out = "";
  for (let i = start; i < end; i++) out += HEX_DIGITS[b[i] >> 4] + HEX_DIGITS[b[i] & 15];
  return out;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
function decodeBase64(b, start, end, url) {
  const table = url ? B64URL : B64;
  let out = "";
  let i = start;
  for (; i + 2 < end; i += 3) {
    const n = (b[i] << 16) | (b[i + 1] << 8) | b[i + 2];
    out += table[n >> 18] + table[(n >> 12) & 63] + table[(n >> 6) & 63] + table[n & 63];
  }
  const rest = end - i;
  if (rest === 1) {
    const n = b[i] << 16;
    out += table[n >> 18] + table[(n >> 12) & 63] + (url ? "" : "==");
  } else if (rest === 2) {
    const n = (b[i] << 16) | (b[i + 1] << 8);
    out += table[n >> 18] + table[(n >> 12) & 63] + table[(n >> 6) & 63] + (url ? "" : "=");
  }
  return out;
}

function decodeWith(encoding, b, start, end) {
  switch (encoding) {
    case "utf8": return decodeUtf8(b, start, end);
    case "utf16le": return decodeUtf16le(b, start, end);
    case "latin1": return decodeLatin1(b, start, end);
    case "ascii": return decodeAscii(b, start, end);
    case "hex": return decodeHex(b, start, end);
    case "base64": return decodeBase64(b, start, end, false);
    case "base64url": return decodeBase64(b, start, end, true);
  }
  return "";
}

// ---------------------------------------------------------------------------

const kState = Symbol("stringDecoderState");

function bytesOf(buf) {
  if (buf instanceof Uint8Array) return buf;
  if (ArrayBuffer.isView(buf)) return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  throw invalidArgType("buf", "an instance of Buffer, TypedArray, or DataView", buf);
}

// A plain function, as Node's: iconv-lite (under body-parser) builds its
// decoders with StringDecoder.call(this, enc).
function StringDecoder(encoding) {
  this.encoding = normalizeEncoding(encoding);
  Object.defineProperty(this, kState, {
    value: { char: new Uint8Array(4), buffered: 0, missing: 0 },
  });
}

class StringDecoderMethods {

  write(buf) {
    if (typeof buf === "string") return buf;
    const b = bytesOf(buf);
    const st = this[kState];
    const enc = this.encoding;
    const multi = enc === "utf8" || enc === "utf16le" || enc === "base64" || enc === "base64url";
    if (!multi) return decodeWith(enc, b, 0, b.length);

    let prefix = "";
    let pos = 0;
    // First complete the character held back from the last chunk.
    if (st.missing > 0) {
      if (enc === "utf8") {
        while (pos < b.length && st.missing > 0) {
          if ((b[pos] & 0xc0) !== 0x80) {
            // Not a continuation byte: the held character ends incomplete
            // here, and this byte starts something new.
            st.missing = 0;
            break;
          }
          st.char[st.buffered++] = b[pos++];
          st.missing--;
        }
      } else {
        while (pos < b.length && st.missing > 0) {
          st.char[st.buffered++] = b[pos++];
          st.missing--;
        }
      }
      if (st.missing > 0) return "";
      prefix = decodeWith(enc, st.char, 0, st.buffered);
      st.buffered = 0;
    }
    if (pos >= b.length) return prefix;

    // Then hold back what the end of this chunk leaves incomplete.
    let end = b.length;
    const held = incompleteTail(enc, b, pos, end);
    if (held.buffered > 0) {
      end -= held.buffered;
      st.char.set(b.subarray(end, b.length), 0);
      st.buffered = held.buffered;
      st.missing = held.missing;
    }
    return prefix + decodeWith(enc, b, pos, end);
  }

  end(buf) {
    let out = "";
    if (buf !== undefined) out = this.write(buf);
    const st = this[kState];
    if (st.buffered > 0) {
      out += decodeWith(this.encoding, st.char, 0, st.buffered);
    }
    st.buffered = 0;
    st.missing = 0;
    return out;
  }

  text(buf, offset) {
    const st = this[kState];
    st.buffered = 0;
    st.missing = 0;
    return this.write(buf.slice(offset));
  }

  get lastChar() {
    return toBuffer(this[kState].char);
  }

  get lastNeed() {
    return this[kState].missing;
  }

  get lastTotal() {
    return this[kState].buffered + this[kState].missing;
  }
}

for (const name of Object.getOwnPropertyNames(StringDecoderMethods.prototype)) {
  if (name !== "constructor") {
    Object.defineProperty(StringDecoder.prototype, name,
      Object.getOwnPropertyDescriptor(StringDecoderMethods.prototype, name));
  }
}

for (const name of ["lastChar", "lastNeed", "lastTotal"]) {
  const desc = Object.getOwnPropertyDescriptor(StringDecoder.prototype, name);
  desc.enumerable = true;
  Object.defineProperty(StringDecoder.prototype, name, desc);
}

// How many bytes at the end of b[start, end) belong to a character (or
// base64 group) that is not complete yet, and how many more it needs.
function incompleteTail(enc, b, start, end) {
  const n = end - start;
  if (enc === "base64" || enc === "base64url") {
    const rest = n % 3;
    return { buffered: rest, missing: rest > 0 ? 3 - rest : 0 };
  }
  if (enc === "utf16le") {
    if (n % 2 === 1) return { buffered: 1, missing: 1 };
    if (n >= 2) {
      const unit = b[end - 2] | (b[end - 1] << 8);
      if (unit >= 0xd800 && unit <= 0xdbff) return { buffered: 2, missing: 2 };
    }
    return { buffered: 0, missing: 0 };
  }
  // UTF-8: walk back over continuation bytes to the lead byte.
  let count = 0;
  for (let i = end - 1; i >= start; i--) {
    count++;
    const c = b[i];
    if ((c & 0xc0) === 0x80) {
      if (count >= 4 || i === start) return { buffered: 0, missing: 0 };
      continue;
    }
    let total;
    if ((c & 0xe0) === 0xc0) total = 2;
    else if ((c & 0xf0) === 0xe0) total = 3;
    else if ((c & 0xf8) === 0xf0) total = 4;
    else return { buffered: 0, missing: 0 };
    if (count >= total) return { buffered: 0, missing: 0 };
    return { buffered: count, missing: total - count };
  }
  return { buffered: 0, missing: 0 };
}

exports.StringDecoder = StringDecoder;
