// node_querystring.js - the legacy `querystring` builtin: form-style
// "a=1&b=2" text to an object and back, with Node's decoding fallbacks
// (a malformed "%" sequence stays as written), `maxKeys`, custom separators
// and custom encode/decode functions.
//
// parse() and stringify() look up `querystring.unescape` / `.escape` when
// called, as Node does, so a guest that replaces them changes both.

"use strict";

const { codedError } = require("web_errors");

function encodingModule() {
  return require("encoding");
}

function bufferFrom(bytes) {
  try {
    const { Buffer } = require("node_buffer");
    if (typeof Buffer === "function") return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  } catch {
    // no Buffer in this build: a Uint8Array serves
  }
  return bytes;
}

const HEX = (c) => {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
};

// The bytes of `s` with each "%XX" turned into its byte and, with
// `decodeSpaces`, each "+" into a space. As in Node, every other character
// is taken as one byte (its code unit's low eight bits).
function unescapeBuffer(s, decodeSpaces) {
  s = String(s);
  const out = new Uint8Array(s.length);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37 && i + 2 < s.length) {
      const hi = HEX(s.charCodeAt(i + 1));
      const lo = HEX(s.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        out[n++] = hi * 16 + lo;
        i += 2;
        continue;
      }
    }
    out[n++] = c === 43 && decodeSpaces ? 32 : c & 0xff;
  }
  return bufferFrom(out.subarray(0, n));
}

function unescape(s, decodeSpaces) {
  try {
    return decodeURIComponent(s);
  } catch {
    const bytes = unescapeBuffer(s, decodeSpaces);
    return new (encodingModule().TextDecoder)().decode(bytes);
  }
}

// Characters written as they are: encodeURIComponent's unreserved set.
const UNRESERVED = /[A-Za-z0-9\-_.!~*'()]/;
const PCT = [];
for (let i = 0; i < 256; i++) PCT.push(`%${i < 16 ? "0" : ""}${i.toString(16).toUpperCase()}`);

// UTF-8 percent-encoding as Node's querystring does it: a surrogate (high
// or low) always takes the next code unit with it, whatever that is; only
// one left at the end is an error (Node's coded URIError).
function escape(str) {
  if (typeof str !== "string") {
    if (typeof str === "object") str = String(str);
    else str += "";
  }
  let out = "";
  let last = 0;
  for (let i = 0; i < str.length; i++) {
    let c = str.charCodeAt(i);
    if (c < 0x80) {
      if (UNRESERVED.test(str[i])) continue;
      out += str.slice(last, i) + PCT[c];
    } else if (c < 0x800) {
      out += str.slice(last, i) + PCT[0xc0 | (c >> 6)] + PCT[0x80 | (c & 0x3f)];
    } else if (c < 0xd800 || c >= 0xe000) {
      out += str.slice(last, i) + PCT[0xe0 | (c >> 12)] + PCT[0x80 | ((c >> 6) & 0x3f)] + PCT[0x80 | (c & 0x3f)];
    } else {
      const start = i;
      if (++i >= str.length) throw codedError(URIError, "ERR_INVALID_URI", "URI malformed");
      c = 0x10000 + (((c & 0x3ff) << 10) | (str.charCodeAt(i) & 0x3ff));
      out += str.slice(last, start) + PCT[0xf0 | (c >> 18)] + PCT[0x80 | ((c >> 12) & 0x3f)] +
        PCT[0x80 | ((c >> 6) & 0x3f)] + PCT[0x80 | (c & 0x3f)];
    }
    last = i + 1;
  }
  return last === 0 ? str : out + str.slice(last);
}

function stringifyPrimitive(v) {
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isFinite(v)) return `${v}`;
  if (typeof v === "bigint") return `${v}`;
  if (typeof v === "boolean") return v ? "true" : "false";
  return "";
}

function stringify(obj, sep, eq, options) {
  sep = sep || "&";
  eq = eq || "=";
  let encode = exports.escape;
  if (options && typeof options.encodeURIComponent === "function") encode = options.encodeURIComponent;
  // With the module's own escape, numbers and booleans are written as they
  // are; a custom encoder sees every value as a string.
  const convert = encode === escape
    ? (v) => {
        if (typeof v === "string") return v.length > 0 ? escape(v) : "";
        return stringifyPrimitive(v);
      }
    : (v) => encode(stringifyPrimitive(v));
  if (obj === null || typeof obj !== "object") return "";
  const fields = [];
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    const ks = convert(k) + eq;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) fields.push(ks + convert(v[i]));
    } else {
      fields.push(ks + convert(v));
    }
  }
  return fields.join(sep);
}

const isHexCode = (c) => HEX(c) >= 0;

// One pass over the text, as Node reads it: the separator is matched
// character by character (after a partial match fails, matching starts
// again from the next character), and within a pair the first `eq` splits
// key from value. Characters taken by a partial separator or `eq` match are
// not looked at further.
//
// A key or value is decoded only when a "%XX" escape was seen in it (or
// always, with a custom decoder). Node's scan has a quirk kept here: once
// the key has one escape, further escapes in the key count for the value.
function parse(qs, sep, eq, options) {
  const obj = { __proto__: null };
  if (typeof qs !== "string" || qs.length === 0) return obj;
  sep = sep ? String(sep) : "&";
  eq = eq ? String(eq) : "=";
  let maxKeys = 1000;
  if (options && typeof options.maxKeys === "number") maxKeys = options.maxKeys;
  // Node counts pairs down from maxKeys and stops when the count reaches
  // zero: so 0, a negative number or a fraction means no limit.
  let pairsLeft = maxKeys > 0 ? maxKeys : -1;
  let decode = exports.unescape;
  if (options && typeof options.decodeURIComponent === "function") decode = options.decodeURIComponent;
  const custom = decode !== unescape;
  // "+" is a space; "%20" for a custom decoder, which decodes it itself.
  const plus = custom ? "%20" : " ";

  const decodePart = (s, encoded) => {
    if (s.length === 0) return s;
    const text = s.includes("+") ? s.replace(/\+/g, plus) : s;
    if (!encoded) return text;
    try {
      return decode(text);
    } catch {
      return exports.unescape(text, true);
    }
  };

  let pairStart = 0;
  let sepIdx = 0;
  let eqIdx = 0;
  let eqEnd = -1; // index after the first eq of the current pair
  let keyEncoded = custom;
  let valEncoded = custom;
  let escapeState = 0; // 1 after "%", 2 after "%X"

  const endPair = (pairEnd) => {
    if (pairEnd > pairStart) {
      let key;
      let value;
      if (eqEnd === -1) {
        key = qs.slice(pairStart, pairEnd);
        value = "";
      } else {
        key = qs.slice(pairStart, eqEnd - eq.length);
        value = qs.slice(eqEnd, pairEnd);
      }
      key = decodePart(key, keyEncoded);
      value = decodePart(value, valEncoded);
      const prev = obj[key];
      if (prev === undefined) obj[key] = value;
      else if (Array.isArray(prev)) prev.push(value);
      else obj[key] = [prev, value];
    }
    sepIdx = 0;
    eqIdx = 0;
    eqEnd = -1;
    keyEncoded = custom;
    valEncoded = custom;
    escapeState = 0;
  };
  // Advances the "%XX" detector; true when an escape has just completed.
  const seeEscape = (c) => {
    if (c === 37) {
      escapeState = 1;
      return false;
    }
    if (escapeState > 0) {
      if (isHexCode(c)) {
        if (++escapeState === 3) {
          escapeState = 0;
          return true;
        }
        return false;
      }
      escapeState = 0;
    }
    return false;
  };

  for (let i = 0; i < qs.length; i++) {
    const c = qs.charCodeAt(i);
    if (c === sep.charCodeAt(sepIdx)) {
      if (++sepIdx === sep.length) {
        endPair(i - sep.length + 1);
        pairStart = i + 1;
        if (--pairsLeft === 0) return obj;
      }
      continue;
    }
    sepIdx = 0;
    if (eqEnd === -1) {
      if (c === eq.charCodeAt(eqIdx)) {
        if (++eqIdx === eq.length) {
          eqEnd = i + 1;
          escapeState = 0;
        }
        continue;
      }
      eqIdx = 0;
      if (!keyEncoded) {
        if (seeEscape(c)) keyEncoded = true;
        continue;
      }
    }
    if (!valEncoded && seeEscape(c)) valEncoded = true;
  }
  if (pairStart < qs.length) endPair(qs.length);
  return obj;
}

exports.unescapeBuffer = unescapeBuffer;
exports.unescape = unescape;
exports.escape = escape;
exports.stringify = stringify;
exports.encode = stringify;
exports.parse = parse;
exports.decode = parse;
