// encoding.js: TextEncoder and TextDecoder (WHATWG Encoding Standard,
// https://encoding.spec.whatwg.org/) and atob/btoa (HTML's forgiving-base64),
// with Node's errors and inspect output.
//
// Written from the specifications. TextDecoder supports UTF-8, UTF-16LE,
// UTF-16BE and windows-1252, under every label the Encoding Standard gives
// them ("latin1", "ascii" and "iso-8859-1" are windows-1252 there, and in
// Node 22). The other encodings of the standard are recognised by label but
// throw ERR_ENCODING_NOT_SUPPORTED naming the encoding, as Node built
// without ICU does; a full-ICU Node decodes them.
//
// Decoding works in chunks: code units go into a reusable array and each
// chunk becomes a string with one String.fromCharCode.apply, so a large
// input never builds its result one character at a time.

"use strict";

// ---------------------------------------------------------------------------
// Errors, as Node's (the shared helpers in web_errors.js)

const { codedError, invalidArgType, invalidThis, missingArgs } = require("web_errors");

function invalidEncodedData(encoding) {
  return codedError(TypeError, "ERR_ENCODING_INVALID_ENCODED_DATA",
    `The encoded data was not valid for encoding ${encoding}`);
}

function domException(message) {
  const { DOMException } = require("dom_exception");
  return new DOMException(message, "InvalidCharacterError");
}

// ---------------------------------------------------------------------------
// Buffer type checks that work on the internal slots, not on toStringTag.

const abByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get;
const sabByteLength = typeof SharedArrayBuffer === "function"
  ? Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, "byteLength").get
  : null;
const typedArrayTag = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;

function isArrayBufferLike(v) {
  if (v === null || typeof v !== "object") return false;
  try { abByteLength.call(v); return true; } catch (e) { /* not an ArrayBuffer */ }
  if (sabByteLength !== null) {
    try { sabByteLength.call(v); return true; } catch (e) { /* not a SharedArrayBuffer */ }
  }
  return false;
}

function isUint8Array(v) {
  return typedArrayTag.call(v) === "Uint8Array";
}

// A Uint8Array view of an ArrayBuffer, SharedArrayBuffer or any
// ArrayBufferView, or null when `input` is none of them.
function toBytes(input) {
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (isArrayBufferLike(input)) return new Uint8Array(input);
  return null;
}

// ---------------------------------------------------------------------------
// Building strings from code units
//
// Decoders write UTF-16 code units into one reusable plain Array of CHUNK
// entries and turn it into a string with String.fromCharCode.apply each time
// it fills. (On JavaScriptCore, apply over a plain Array is about twice as
// fast as over a typed array.) A writer flushes when fewer than two slots are
// left, so a surrogate pair always fits.

const CHUNK = 8192;
const units = new Array(CHUNK).fill(0);

function flushUnits(k) {
  return String.fromCharCode.apply(null, k === CHUNK ? units : units.slice(0, k));
}

// ---------------------------------------------------------------------------
// Decoders. Each has decode(bytes, flush) -> string, or throws on a fatal
// error, and keeps the state of an incomplete sequence between calls when
// not flushing. `fatal` selects the error mode.

// UTF-8 (Encoding Standard §8.1.1). Invalid input yields one U+FFFD per
// maximal subpart of an ill-formed sequence, as the standard's state
// machine does: a byte that cannot continue the current sequence ends it
// with one U+FFFD and is then looked at again as the start of a new one.
class UTF8Decoder {
  constructor(fatal) {
    this.fatal = fatal;
    this.cp = 0;
    this.needed = 0;
    this.seen = 0;
    this.lower = 0x80;
    this.upper = 0xbf;
  }

  decode(bytes, flush) {
    const n = bytes.length;
    let out = "";
    let i = 0, k = 0;
    let cp = this.cp, needed = this.needed, seen = this.seen, lower = this.lower, upper = this.upper;
    while (i < n) {
      if (k > CHUNK - 2) { out += flushUnits(k); k = 0; }
      let b = bytes[i];
      if (needed === 0) {
        // Fast path for runs of ASCII.
        if (b < 0x80) {
          units[k++] = b;
          i++;
          while (i < n && k < CHUNK && (b = bytes[i]) < 0x80) { units[k++] = b; i++; }
          continue;
        }
        i++;
        if (b >= 0xc2 && b <= 0xdf) {
          needed = 1;
          cp = b & 0x1f;
        } else if (b >= 0xe0 && b <= 0xef) {
          if (b === 0xe0) lower = 0xa0;
          else if (b === 0xed) upper = 0x9f;
          needed = 2;
          cp = b & 0x0f;
        } else if (b >= 0xf0 && b <= 0xf4) {
          if (b === 0xf0) lower = 0x90;
          else if (b === 0xf4) upper = 0x8f;
          needed = 3;
          cp = b & 0x07;
        } else {
          if (this.fatal) { this.reset(); throw invalidEncodedData("utf-8"); }
          units[k++] = 0xfffd;
        }
        continue;
      }
      if (b < lower || b > upper) {
        // End the sequence with U+FFFD; the byte is not consumed.
        cp = needed = seen = 0;
        lower = 0x80;
        upper = 0xbf;
        if (this.fatal) { this.reset(); throw invalidEncodedData("utf-8"); }
        units[k++] = 0xfffd;
        continue;
      }
      i++;
      lower = 0x80;
      upper = 0xbf;
      cp = (cp << 6) | (b & 0x3f);
      if (++seen === needed) {
        if (cp >= 0x10000) {
          cp -= 0x10000;
          units[k++] = 0xd800 + (cp >> 10);
          units[k++] = 0xdc00 + (cp & 0x3ff);
        } else {
          units[k++] = cp;
        }
        cp = needed = seen = 0;
      }
    }
    if (flush && needed !== 0) {
      cp = needed = seen = 0;
      lower = 0x80;
      upper = 0xbf;
      if (this.fatal) { this.reset(); throw invalidEncodedData("utf-8"); }
      if (k > CHUNK - 2) { out += flushUnits(k); k = 0; }
      units[k++] = 0xfffd;
    }
    this.cp = cp; this.needed = needed; this.seen = seen; this.lower = lower; this.upper = upper;
    return out + flushUnits(k);
  }

  reset() {
    this.cp = this.needed = this.seen = 0;
    this.lower = 0x80;
    this.upper = 0xbf;
  }
}

// UTF-16LE and UTF-16BE (Encoding Standard §14.2.1, the shared UTF-16
// decoder). An unpaired surrogate yields U+FFFD; a code unit that follows a
// lead surrogate without being a trail surrogate is decoded on its own.
class UTF16Decoder {
  constructor(fatal, bigEndian) {
    this.fatal = fatal;
    this.bigEndian = bigEndian;
    this.encoding = bigEndian ? "utf-16be" : "utf-16le";
    this.leadByte = -1;
    this.leadSurrogate = -1;
  }

  decode(bytes, flush) {
    const n = bytes.length;
    let out = "";
    let k = 0;
    let leadByte = this.leadByte, leadSurrogate = this.leadSurrogate;
    const be = this.bigEndian;
    for (let i = 0; i < n; i++) {
      if (k > CHUNK - 3) { out += flushUnits(k); k = 0; }
      const b = bytes[i];
      if (leadByte < 0) { leadByte = b; continue; }
      const cu = be ? (leadByte << 8) | b : (b << 8) | leadByte;
      leadByte = -1;
      if (leadSurrogate >= 0) {
        const lead = leadSurrogate;
        leadSurrogate = -1;
        if (cu >= 0xdc00 && cu <= 0xdfff) {
          units[k++] = lead;
          units[k++] = cu;
          continue;
        }
        if (this.fatal) { this.reset(); throw invalidEncodedData(this.encoding); }
        units[k++] = 0xfffd;
        // fall through: cu is decoded on its own
      }
      if (cu >= 0xd800 && cu <= 0xdbff) {
        leadSurrogate = cu;
      } else if (cu >= 0xdc00 && cu <= 0xdfff) {
        if (this.fatal) { this.reset(); throw invalidEncodedData(this.encoding); }
        units[k++] = 0xfffd;
      } else {
        units[k++] = cu;
      }
    }
    if (flush && (leadByte >= 0 || leadSurrogate >= 0)) {
      leadByte = leadSurrogate = -1;
      if (this.fatal) { this.reset(); throw invalidEncodedData(this.encoding); }
      if (k > CHUNK - 2) { out += flushUnits(k); k = 0; }
      units[k++] = 0xfffd;
    }
    this.leadByte = leadByte;
    this.leadSurrogate = leadSurrogate;
    return out + flushUnits(k);
  }

  reset() {
    this.leadByte = this.leadSurrogate = -1;
  }
}

// windows-1252: bytes 0x80-0x9F per the Encoding Standard's index; every
// other byte is the code point of the same value. Never fails.
const WIN1252_HIGH = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
  0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
  0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

class Windows1252Decoder {
  decode(bytes) {
    const n = bytes.length;
    let out = "";
    let k = 0;
    for (let i = 0; i < n; i++) {
      if (k === CHUNK) { out += flushUnits(k); k = 0; }
      const b = bytes[i];
      units[k++] = b >= 0x80 && b < 0xa0 ? WIN1252_HIGH[b - 0x80] : b;
    }
    return out + flushUnits(k);
  }
}

// ---------------------------------------------------------------------------
// Labels (Encoding Standard §4.2). Encodings we decode map to themselves;
// the rest are known so that the error names the encoding, as Node does.

const SUPPORTED = new Set(["utf-8", "utf-16le", "utf-16be", "windows-1252"]);
const LABELS = new Map();
function labels(encoding, list) {
  for (const l of list.split(" ")) LABELS.set(l, encoding);
}
labels("utf-8", "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8");
labels("utf-16be", "unicodefffe utf-16be");
labels("utf-16le", "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le");
labels("windows-1252", "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 " +
  "iso-ir-100 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252");
labels("ibm866", "866 cp866 csibm866 ibm866");
labels("iso-8859-2", "csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2");
labels("iso-8859-3", "csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3");
labels("iso-8859-4", "csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4");
labels("iso-8859-5", "csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988");
labels("iso-8859-6", "arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e " +
  "iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987");
labels("iso-8859-7", "csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 " +
  "iso_8859-7 iso_8859-7:1987 sun_eu_greek");
labels("iso-8859-8", "csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 " +
  "iso_8859-8 iso_8859-8:1988 visual");
labels("iso-8859-8-i", "csiso88598i iso-8859-8-i logical");
labels("iso-8859-10", "csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6");
labels("iso-8859-13", "iso-8859-13 iso8859-13 iso885913");
labels("iso-8859-14", "iso-8859-14 iso8859-14 iso885914");
labels("iso-8859-15", "csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9");
labels("iso-8859-16", "iso-8859-16");
labels("koi8-r", "cskoi8r koi koi8 koi8-r koi8_r");
labels("koi8-u", "koi8-ru koi8-u");
labels("macintosh", "csmacintosh mac macintosh x-mac-roman");
labels("windows-874", "dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874");
for (let i = 1250; i <= 1258; i++) {
  if (i !== 1252) labels(`windows-${i}`, `cp${i} windows-${i} x-cp${i}`);
}
labels("x-mac-cyrillic", "x-mac-cyrillic x-mac-ukrainian");
labels("gbk", "chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk");
labels("gb18030", "gb18030");
labels("big5", "big5 big5-hkscs cn-big5 csbig5 x-x-big5");
labels("euc-jp", "cseucpkdfmtjapanese euc-jp x-euc-jp");
labels("iso-2022-jp", "csiso2022jp iso-2022-jp");
labels("shift_jis", "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis");
labels("euc-kr", "cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 " +
  "ksc_5601 windows-949");
labels("replacement", "csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement");
labels("x-user-defined", "x-user-defined");
// The label "replacement" itself is not a label (only the encoding's name).
LABELS.delete("replacement");

// Label -> encoding name, or null.
function getEncoding(label) {
  const key = label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "").toLowerCase();
  const enc = LABELS.get(key);
  return enc === undefined ? null : enc;
}

// ---------------------------------------------------------------------------
// TextDecoder

const decoderState = new WeakMap();

function getDecoder(self) {
  const st = decoderState.get(self);
  if (st === undefined) throw invalidThis("TextDecoder");
  return st;
}

function newDecoder(st) {
  switch (st.encoding) {
    case "utf-8": return new UTF8Decoder(st.fatal);
    case "utf-16le": return new UTF16Decoder(st.fatal, false);
    case "utf-16be": return new UTF16Decoder(st.fatal, true);
    default: return new Windows1252Decoder();
  }
}

const inspectSymbol = Symbol.for("nodejs.util.inspect.custom");

function stylizeSpecial(options, text) {
  return options && typeof options.stylize === "function" ? options.stylize(text, "special") : text;
}

function getInspect(inspect) {
  return typeof inspect === "function" ? inspect : require("inspect").inspect;
}

class TextDecoder {
  constructor(encoding = "utf-8", options = undefined) {
    const label = `${encoding}`;
    if (options !== undefined && options !== null && typeof options !== "object" &&
        typeof options !== "function") {
      throw invalidArgType("options", "of type object", options);
    }
    const enc = getEncoding(label);
    if (enc === null || !SUPPORTED.has(enc)) {
      throw codedError(RangeError, "ERR_ENCODING_NOT_SUPPORTED",
        `The "${enc === null ? label : enc}" encoding is not supported`);
    }
    const fatal = options != null && Boolean(options.fatal);
    const ignoreBOM = options != null && Boolean(options.ignoreBOM);
    const st = { encoding: enc, fatal, ignoreBOM, decoder: null, doNotFlush: false, bomSeen: false };
    st.decoder = newDecoder(st);
    decoderState.set(this, st);
  }

  decode(input = undefined, options = undefined) {
    const st = getDecoder(this);
    let bytes;
    if (input === undefined) {
      bytes = new Uint8Array(0);
    } else {
      bytes = toBytes(input);
      if (bytes === null) {
        // Node's three decoders word this error differently; so do we.
        throw codedError(TypeError, "ERR_INVALID_ARG_TYPE", st.encoding === "utf-8"
          ? 'The "list" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.'
          : st.encoding === "windows-1252"
            ? 'The "input" argument must be an instance of ArrayBuffer, SharedArrayBuffer, or ArrayBufferView.'
            : 'The "input" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.');
      }
    }
    const stream = options !== null && (typeof options === "object" || typeof options === "function") &&
      Boolean(options.stream);
    // A decode that does not continue a stream starts from a fresh decoder.
    if (!st.doNotFlush) {
      st.decoder = newDecoder(st);
      st.bomSeen = false;
    }
    st.doNotFlush = stream;
    let out;
    try {
      out = st.decoder.decode(bytes, !stream);
    } catch (e) {
      // After a fatal error the next call starts afresh.
      st.doNotFlush = false;
      throw e;
    }
    // Strip a byte order mark at the start of the stream (UTF-8 and UTF-16
    // only; windows-1252 has none).
    if (out.length > 0 && !st.bomSeen && st.encoding !== "windows-1252") {
      st.bomSeen = true;
      if (!st.ignoreBOM && out.charCodeAt(0) === 0xfeff) out = out.slice(1);
    }
    return out;
  }

  get encoding() {
    return getDecoder(this).encoding;
  }

  get fatal() {
    return getDecoder(this).fatal;
  }

  get ignoreBOM() {
    return getDecoder(this).ignoreBOM;
  }

  // What Node prints: TextDecoder { encoding: 'utf-8', fatal: false, ignoreBOM: false }
  [inspectSymbol](depth, options, inspect) {
    const st = getDecoder(this);
    const name = this.constructor && this.constructor.name || "TextDecoder";
    // Past the depth limit Node prints the name in brackets.
    if (typeof depth === "number" && depth < 0) return stylizeSpecial(options, `[${name}]`);
    // Node formats the fields with default options (no colors) here.
    return `${name} ${getInspect(inspect)({ encoding: st.encoding, fatal: st.fatal, ignoreBOM: st.ignoreBOM })}`;
  }
}

// ---------------------------------------------------------------------------
// TextEncoder

const encoders = new WeakSet();

function checkEncoder(self) {
  if (!encoders.has(self)) throw invalidThis("TextEncoder");
}

// UTF-8 byte length of a string, lone surrogates counting as U+FFFD.
function utf8Length(s) {
  const n = s.length;
  let len = n;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) { len += 1; continue; }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { len += 2; i++; continue; } // 4 bytes for 2 units
    }
    len += 2;
  }
  return len;
}

// UTF-8 encode s into dest[at...limit) while whole characters fit (lone
// surrogates as U+FFFD); returns [code units read, bytes written].
function utf8EncodeInto(s, dest, at, limit) {
  const n = s.length;
  let i = 0, j = at;
  while (i < n) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      if (j >= limit) break;
      dest[j++] = c;
      i++;
      continue;
    }
    if (c < 0x800) {
      if (j + 2 > limit) break;
      dest[j++] = 0xc0 | (c >> 6);
      dest[j++] = 0x80 | (c & 0x3f);
      i++;
      continue;
    }
    let units = 1;
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        units = 2;
      } else {
        c = 0xfffd; // lone surrogate
      }
    }
    if (c >= 0x10000) {
      if (j + 4 > limit) break;
      dest[j++] = 0xf0 | (c >> 18);
      dest[j++] = 0x80 | ((c >> 12) & 0x3f);
      dest[j++] = 0x80 | ((c >> 6) & 0x3f);
      dest[j++] = 0x80 | (c & 0x3f);
    } else {
      if (j + 3 > limit) break;
      dest[j++] = 0xe0 | (c >> 12);
      dest[j++] = 0x80 | ((c >> 6) & 0x3f);
      dest[j++] = 0x80 | (c & 0x3f);
    }
    i += units;
  }
  return [i, j - at];
}

class TextEncoder {
  constructor() {
    encoders.add(this);
  }

  get encoding() {
    checkEncoder(this);
    return "utf-8";
  }

  encode(input = "") {
    checkEncoder(this);
    const s = `${input}`;
    const out = new Uint8Array(utf8Length(s));
    utf8EncodeInto(s, out, 0, out.length);
    return out;
  }

  encodeInto(src, dest) {
    checkEncoder(this);
    if (typeof src !== "string") throw invalidArgType("src", "of type string", src);
    if (!isUint8Array(dest)) throw invalidArgType("dest", "an instance of Uint8Array", dest);
    const r = utf8EncodeInto(src, dest, 0, dest.length);
    return { read: r[0], written: r[1] };
  }

  // What Node prints: { encoding: 'utf-8' }
  [inspectSymbol](depth, options, inspect) {
    checkEncoder(this);
    if (typeof depth === "number" && depth < 0) {
      return stylizeSpecial(options, `[${this.constructor && this.constructor.name || "TextEncoder"}]`);
    }
    return getInspect(inspect)({ encoding: "utf-8" }, options);
  }
}

for (const [C, tag, keys] of [
  [TextDecoder, "TextDecoder", ["decode", "encoding", "fatal", "ignoreBOM"]],
  [TextEncoder, "TextEncoder", ["encoding", "encode", "encodeInto"]],
]) {
  Object.defineProperty(C.prototype, Symbol.toStringTag, { value: tag, configurable: true });
  // Node makes the WebIDL members enumerable.
  for (const k of keys) {
    const d = Object.getOwnPropertyDescriptor(C.prototype, k);
    d.enumerable = true;
    Object.defineProperty(C.prototype, k, d);
  }
}

// ---------------------------------------------------------------------------
// atob / btoa (HTML "forgiving-base64 decode" and base64 encode), with the
// error messages Node uses to tell a bad character from a bad length.

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64_VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_VALUE[B64.charCodeAt(i)] = i;

function isAsciiWhitespace(c) {
  return c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;
}

function atob(input) {
  if (arguments.length === 0) throw missingArgs("input");
  const s = `${input}`;
  // Validate: only base64 characters, ASCII whitespace, and at most two "="
  // at the very end (whitespace aside). Count the significant characters.
  let count = 0, equals = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isAsciiWhitespace(c)) continue;
    count++;
    if (c === 0x3d) {
      if (++equals > 2) throw domException("Invalid character");
    } else if (c >= 0x80 || B64_VALUE[c] < 0 || equals > 0) {
      throw domException("Invalid character");
    }
  }
  // One data character too many for whole bytes is a length error, reported
  // first. Otherwise "=" is only removed when the length is a multiple of 4;
  // left in, it is an invalid character.
  if ((count - equals) % 4 === 1) throw domException("The string to be decoded is not correctly encoded.");
  if (equals > 0 && count % 4 !== 0) throw domException("Invalid character");
  // Decode 6 bits a character; leftover bits at the end are dropped.
  let out = "";
  let k = 0, acc = 0, bits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x3d || isAsciiWhitespace(c)) continue;
    acc = (acc << 6) | B64_VALUE[c];
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (k === CHUNK) { out += flushUnits(k); k = 0; }
      units[k++] = (acc >> bits) & 0xff;
      acc &= (1 << bits) - 1;
    }
  }
  return out + flushUnits(k);
}

function btoa(input) {
  if (arguments.length === 0) throw missingArgs("input");
  const s = `${input}`;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 0xff) throw domException("Invalid character");
  }
  const n = s.length;
  let out = "";
  let k = 0;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    if (k > CHUNK - 4) { out += flushUnits(k); k = 0; }
    const v = (s.charCodeAt(i) << 16) | (s.charCodeAt(i + 1) << 8) | s.charCodeAt(i + 2);
    units[k++] = B64.charCodeAt(v >> 18);
    units[k++] = B64.charCodeAt((v >> 12) & 63);
    units[k++] = B64.charCodeAt((v >> 6) & 63);
    units[k++] = B64.charCodeAt(v & 63);
  }
  if (i < n) {
    if (k > CHUNK - 4) { out += flushUnits(k); k = 0; }
    const v = (s.charCodeAt(i) << 16) | (i + 1 < n ? s.charCodeAt(i + 1) << 8 : 0);
    units[k++] = B64.charCodeAt(v >> 18);
    units[k++] = B64.charCodeAt((v >> 12) & 63);
    units[k++] = i + 1 < n ? B64.charCodeAt((v >> 6) & 63) : 0x3d;
    units[k++] = 0x3d;
  }
  return out + flushUnits(k);
}

exports.TextEncoder = TextEncoder;
exports.TextDecoder = TextDecoder;
exports.atob = atob;
exports.btoa = btoa;
