// fetch_util.js - what the parts of the Fetch API share (see fetch.js):
// the lazily loaded siblings, the WebIDL conversions with undici's
// messages, HTTP tokens, header values and MIME types, the WebIDL pair
// iterators and class finishing, and the URL serializer.
"use strict";

const kConstruct = Symbol("kConstruct");
const kInspect = Symbol.for("nodejs.util.inspect.custom");
const kHighWater = 65536;

// --- lazily loaded siblings ----------------------------------------------

let encoder = null;
function utf8Encode(s) {
  if (encoder === null) encoder = new (require("encoding").TextEncoder)();
  return encoder.encode(s);
}
let decoder = null; // UTF-8, replacement, strips a BOM (the infra "UTF-8 decode")
function utf8Decode(bytes) {
  if (bytes.length === 0) return "";
  if (decoder === null) decoder = new (require("encoding").TextDecoder)();
  return decoder.decode(bytes);
}
let decoderKeepBOM = null;
function utf8DecodeKeepBOM(bytes) {
  if (decoderKeepBOM === null) decoderKeepBOM = new (require("encoding").TextDecoder)("utf-8", { ignoreBOM: true });
  return decoderKeepBOM.decode(bytes);
}
const URLClass = () => require("url").URL;
const URLSearchParamsClass = () => require("url").URLSearchParams;
const BlobClass = () => require("node_buffer").Blob;
const FileClass = () => require("node_buffer").File;
const DOMExceptionClass = () => require("dom_exception").DOMException;
const inspectFn = () => require("inspect").inspect;

function abortError() {
  return new (DOMExceptionClass())("The operation was aborted.", "AbortError");
}

// --- WebIDL conversions, with undici's messages ----------------------------

function exception(header, message) {
  return new TypeError(`${header}: ${message}`);
}

function checkArgs(length, min, header) {
  if (length < min) {
    throw exception(header, `${min} argument${min !== 1 ? "s" : ""} required, but${length ? " only" : ""} ${length} found.`);
  }
}

function illegalInvocation() {
  const err = new TypeError("Illegal invocation");
  err.code = "ERR_INVALID_THIS";
  return err;
}

function isObject(V) {
  return V !== null && (typeof V === "object" || typeof V === "function");
}

// How undici shows a value inside a message.
function stringify(V) {
  switch (typeof V) {
    case "symbol":
      return `Symbol(${V.description})`;
    case "string":
      return `"${V}"`;
    case "object":
    case "function":
      if (V !== null) return inspectFn()(V);
      return "null";
    default:
      return `${V}`;
  }
}

function toDOMString(V, prefix, argument) {
  if (typeof V === "symbol") {
    throw exception(prefix, `${argument} is a symbol, which cannot be converted to a DOMString.`);
  }
  return String(V);
}

const nonLatin1 = /[^\x00-\xff]/;
function toByteString(V, prefix, argument) {
  const x = toDOMString(V, prefix, argument);
  if (nonLatin1.test(x)) {
    for (let i = 0; i < x.length; i++) {
      const c = x.charCodeAt(i);
      if (c > 255) {
        throw new TypeError(
          `Cannot convert argument to a ByteString because the character at index ${i} has a value of ${c} which is greater than 255.`);
      }
    }
  }
  return x;
}

function toUSVString(V) {
  return `${V}`.toWellFormed();
}

// ConvertToInt(V, 16, "unsigned") as undici writes it.
function toUnsignedShort(V) {
  let x = Number(V);
  if (Number.isNaN(x) || x === 0 || x === Infinity || x === -Infinity) return 0;
  x = x < 0 ? -Math.floor(-x) : Math.floor(x);
  return x % 65536;
}

function enumConvert(value, prefix, allowed) {
  if (!allowed.includes(value)) {
    throw exception(prefix, `${value} is not an accepted type. Expected one of ${allowed.join(", ")}.`);
  }
  return value;
}

const arrayBufferByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get;
function isArrayBuffer(V) {
  if (!isObject(V)) return false;
  try {
    Reflect.apply(arrayBufferByteLength, V, []);
    return true;
  } catch {
    return false;
  }
}
const sharedByteLength = typeof SharedArrayBuffer === "function"
  ? Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, "byteLength").get
  : null;
function isSharedArrayBuffer(V) {
  if (sharedByteLength === null || !isObject(V)) return false;
  try {
    Reflect.apply(sharedByteLength, V, []);
    return true;
  } catch {
    return false;
  }
}

function bufferSourceCheck(V) {
  const buffer = ArrayBuffer.isView(V) ? V.buffer : V;
  if (isSharedArrayBuffer(buffer)) throw exception("ArrayBuffer", "SharedArrayBuffer is not allowed.");
  if (buffer.resizable || buffer.growable) throw exception("ArrayBuffer", "Received a resizable ArrayBuffer.");
  return V;
}

function isBlobLike(V) {
  if (V === null) return false;
  if (V instanceof (BlobClass())) return true;
  if (typeof V !== "object") return false;
  const tag = V[Symbol.toStringTag];
  return (tag === "Blob" || tag === "File") &&
    (("stream" in V && typeof V.stream === "function") || ("arrayBuffer" in V && typeof V.arrayBuffer === "function"));
}

function isFileLike(V) {
  if (V instanceof (FileClass())) return true;
  return isObject(V) && (typeof V.stream === "function" || typeof V.arrayBuffer === "function") &&
    V[Symbol.toStringTag] === "File";
}

function isFormDataLike(V) {
  return V !== null && typeof V === "object" &&
    typeof V.append === "function" && typeof V.delete === "function" &&
    typeof V.get === "function" && typeof V.getAll === "function" &&
    typeof V.has === "function" && typeof V.set === "function" &&
    V[Symbol.toStringTag] === "FormData";
}

function isURLSearchParams(V) {
  return isObject(V) && require.loaded("url") && V instanceof (URLSearchParamsClass());
}

// web_streams.js's hooks for sibling files, once it is loaded (a
// ReadableStream cannot exist before).
function streamInternals() {
  return require.loaded("web_streams") ? require("web_streams").internals || null : null;
}

function isReadableStream(V) {
  if (!isObject(V)) return false;
  const internals = streamInternals();
  if (internals === null) return false;
  if (typeof internals.isReadableStream === "function") return internals.isReadableStream(V);
  return V instanceof require("web_streams").ReadableStream;
}

// Whether a stream was ever read from (its [[disturbed]] slot).
const disturbedStreams = new WeakSet();
function isStreamDisturbed(stream) {
  if (disturbedStreams.has(stream)) return true;
  const internals = streamInternals();
  if (internals !== null && typeof internals.isDisturbed === "function" && isReadableStream(stream)) {
    return internals.isDisturbed(stream);
  }
  return false;
}

function convertBodyInit(V, prefix, argument) {
  if (isReadableStream(V)) return V;
  if (V !== null && V !== undefined && V[Symbol.asyncIterator]) return V;
  if (typeof V === "string") return toUSVString(V);
  if (isBlobLike(V)) return V;
  if (ArrayBuffer.isView(V) || isArrayBuffer(V)) return bufferSourceCheck(V);
  if (isFormDataLike(V)) return V;
  if (isURLSearchParams(V)) return V;
  return toDOMString(V, prefix, argument);
}

// --- HTTP tokens, header values, MIME types --------------------------------

const tokenRe = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const isValidHeaderName = (name) => tokenRe.test(name);
const mimeTokenRe = /^[!#$%&'*+\-.^_|~A-Za-z0-9]+$/;
const quotedStringTokenRe = /^[\u0009\u0020-\u007E\u0080-\u00FF]+$/;

function isValidHeaderValue(value) {
  const n = value.length;
  if (n === 0) return true;
  const first = value[0];
  const last = value[n - 1];
  return !(first === "\t" || first === " " || last === "\t" || last === " " ||
    value.includes("\n") || value.includes("\r") || value.includes("\0"));
}

const isHTTPWhitespace = (c) => c === 0x0a || c === 0x0d || c === 0x09 || c === 0x20;
const isASCIIWhitespace = (c) => c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x20;

function trimWith(str, leading, trailing, predicate) {
  let lead = 0;
  let trail = str.length - 1;
  if (leading) while (lead < str.length && predicate(str.charCodeAt(lead))) lead++;
  if (trailing) while (trail > 0 && predicate(str.charCodeAt(trail))) trail--;
  return lead === 0 && trail === str.length - 1 ? str : str.slice(lead, trail + 1);
}

function normalizeHeaderValue(value) {
  let i = 0;
  let j = value.length;
  while (j > i && isHTTPWhitespace(value.charCodeAt(j - 1))) --j;
  while (j > i && isHTTPWhitespace(value.charCodeAt(i))) ++i;
  return i === 0 && j === value.length ? value : value.substring(i, j);
}

function isValidReasonPhrase(text) {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!(c === 0x09 || (c >= 0x20 && c <= 0x7e) || (c >= 0x80 && c <= 0xff))) return false;
  }
  return true;
}

// https://fetch.spec.whatwg.org/#collect-an-http-quoted-string
function collectQuotedString(input, pos, extractValue) {
  const start = pos.i;
  let value = "";
  pos.i++; // the opening quote
  for (;;) {
    while (pos.i < input.length && input[pos.i] !== '"' && input[pos.i] !== "\\") value += input[pos.i++];
    if (pos.i >= input.length) break;
    const ch = input[pos.i++];
    if (ch === "\\") {
      if (pos.i >= input.length) {
        value += "\\";
        break;
      }
      value += input[pos.i++];
    } else {
      break;
    }
  }
  return extractValue ? value : input.slice(start, pos.i);
}

// https://mimesniff.spec.whatwg.org/#parse-a-mime-type
function parseMIMEType(input) {
  input = trimWith(input, true, true, isHTTPWhitespace);
  const pos = { i: 0 };
  let slash = input.indexOf("/");
  if (slash === -1) slash = input.length;
  const type = input.slice(0, slash);
  if (type.length === 0 || !mimeTokenRe.test(type)) return "failure";
  pos.i = slash + 1;
  let semi = input.indexOf(";", pos.i);
  if (semi === -1) semi = input.length;
  const subtype = trimWith(input.slice(Math.min(pos.i, input.length), semi), false, true, isHTTPWhitespace);
  pos.i = semi;
  if (subtype.length === 0 || !mimeTokenRe.test(subtype)) return "failure";
  const t = type.toLowerCase();
  const s = subtype.toLowerCase();
  const mime = { type: t, subtype: s, parameters: new Map(), essence: `${t}/${s}` };
  while (pos.i < input.length) {
    pos.i++; // the ";"
    while (pos.i < input.length && isHTTPWhitespace(input.charCodeAt(pos.i))) pos.i++;
    let name = "";
    while (pos.i < input.length && input[pos.i] !== ";" && input[pos.i] !== "=") name += input[pos.i++];
    name = name.toLowerCase();
    if (pos.i < input.length) {
      if (input[pos.i] === ";") continue;
      pos.i++; // the "="
    }
    if (pos.i > input.length) break;
    let value;
    if (input[pos.i] === '"') {
      value = collectQuotedString(input, pos, true);
      const next = input.indexOf(";", pos.i);
      pos.i = next === -1 ? input.length : next;
    } else {
      let end = input.indexOf(";", pos.i);
      if (end === -1) end = input.length;
      value = trimWith(input.slice(pos.i, end), false, true, isHTTPWhitespace);
      pos.i = end;
      if (value.length === 0) continue;
    }
    if (name.length !== 0 && mimeTokenRe.test(name) &&
        (value.length === 0 || quotedStringTokenRe.test(value)) && !mime.parameters.has(name)) {
      mime.parameters.set(name, value);
    }
  }
  return mime;
}

function serializeMIMEType(mime) {
  let out = mime.essence;
  for (let [name, value] of mime.parameters) {
    if (!mimeTokenRe.test(value)) value = `"${value.replace(/(\\|")/g, "\\$1")}"`;
    out += `;${name}=${value}`;
  }
  return out;
}

// https://fetch.spec.whatwg.org/#header-value-get-decode-and-split
function getDecodeSplit(value) {
  const pos = { i: 0 };
  const values = [];
  let temp = "";
  while (pos.i < value.length) {
    while (pos.i < value.length && value[pos.i] !== '"' && value[pos.i] !== ",") temp += value[pos.i++];
    if (pos.i < value.length) {
      if (value[pos.i] === '"') {
        temp += collectQuotedString(value, pos, false);
        if (pos.i < value.length) continue;
      } else {
        pos.i++;
      }
    }
    values.push(trimWith(temp, true, true, (c) => c === 0x09 || c === 0x20));
    temp = "";
  }
  return values;
}

// https://fetch.spec.whatwg.org/#concept-header-extract-mime-type
function extractMimeType(list) {
  const header = list.get("content-type", true);
  if (header === null) return "failure";
  let charset = null;
  let essence = null;
  let mime = null;
  for (const value of getDecodeSplit(header)) {
    const temp = parseMIMEType(value);
    if (temp === "failure" || temp.essence === "*/*") continue;
    mime = temp;
    if (mime.essence !== essence) {
      charset = mime.parameters.has("charset") ? mime.parameters.get("charset") : null;
      essence = mime.essence;
    } else if (!mime.parameters.has("charset") && charset !== null) {
      mime.parameters.set("charset", charset);
    }
  }
  return mime === null ? "failure" : mime;
}

// --- iterators (WebIDL pair iterators) ---------------------------------------

const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));

function iteratorMixin(name, Class, isBrand, pairsOf, keyIndex, valueIndex) {
  class Iterator {
    #target;
    #kind;
    #index = 0;

    constructor(target, kind) {
      this.#target = target;
      this.#kind = kind;
    }

    next() {
      if (typeof this !== "object" || this === null || !(#target in this)) {
        throw new TypeError(`'next' called on an object that does not implement interface ${name} Iterator.`);
      }
      const values = pairsOf(this.#target);
      const index = this.#index;
      if (index >= values.length) return { value: undefined, done: true };
      const pair = values[index];
      this.#index = index + 1;
      const key = pair[keyIndex];
      const value = pair[valueIndex];
      const kind = this.#kind;
      return { value: kind === "key" ? key : kind === "value" ? value : [key, value], done: false };
    }
  }
  delete Iterator.prototype.constructor;
  Object.setPrototypeOf(Iterator.prototype, IteratorPrototype);
  Object.defineProperties(Iterator.prototype, {
    [Symbol.toStringTag]: { value: `${name} Iterator`, writable: false, enumerable: false, configurable: true },
    next: { writable: true, enumerable: true, configurable: true },
  });
  const make = (target, kind) => new Iterator(target, kind);
  const methods = {
    keys() {
      if (!isBrand(this)) throw illegalInvocation();
      return make(this, "key");
    },
    values() {
      if (!isBrand(this)) throw illegalInvocation();
      return make(this, "value");
    },
    entries() {
      if (!isBrand(this)) throw illegalInvocation();
      return make(this, "key+value");
    },
    forEach(callbackfn, thisArg = globalThis) {
      if (!isBrand(this)) throw illegalInvocation();
      checkArgs(arguments.length, 1, `${name}.forEach`);
      if (typeof callbackfn !== "function") {
        throw new TypeError(`Failed to execute 'forEach' on '${name}': parameter 1 is not of type 'Function'.`);
      }
      for (const { 0: key, 1: value } of make(this, "key+value")) callbackfn.call(thisArg, value, key, this);
    },
  };
  for (const key of ["keys", "values", "entries", "forEach"]) {
    Object.defineProperty(Class.prototype, key, { value: methods[key], writable: true, enumerable: true, configurable: true });
  }
  Object.defineProperty(Class.prototype, Symbol.iterator, { value: methods.entries, writable: true, enumerable: false, configurable: true });
}

function setEnumerable(proto, keys) {
  for (const key of keys) {
    const desc = Object.getOwnPropertyDescriptor(proto, key);
    desc.enumerable = true;
    Object.defineProperty(proto, key, desc);
  }
}

function setTag(target, tag) {
  Object.defineProperty(target, Symbol.toStringTag, { value: tag, configurable: true });
}

// Options for a nested inspect() call made by a custom inspector.
function nestedOptions(options, depth) {
  const opts = Object.assign({}, options);
  if (opts.depth === undefined || opts.depth === null) opts.depth = depth;
  return opts;
}

// --- URLs ----------------------------------------------------------------------

// The URL serializer, optionally without the fragment.
function serializeURL(url, excludeFragment = false) {
  const href = url.href;
  if (!excludeFragment) return href;
  const hashLength = url.hash.length;
  const serialized = hashLength === 0 ? href : href.substring(0, href.length - hashLength);
  if (!hashLength && href.endsWith("#")) return serialized.slice(0, -1);
  return serialized;
}

Object.assign(exports, {
  abortError, BlobClass, checkArgs, convertBodyInit, disturbedStreams, DOMExceptionClass,
  enumConvert, exception, extractMimeType, FileClass, illegalInvocation, inspectFn, isArrayBuffer,
  isASCIIWhitespace, isBlobLike, isFileLike, isFormDataLike, isObject, isReadableStream,
  isStreamDisturbed, isURLSearchParams, isValidHeaderName, isValidHeaderValue, isValidReasonPhrase,
  iteratorMixin, kConstruct, kHighWater, kInspect, mimeTokenRe, nestedOptions, normalizeHeaderValue,
  parseMIMEType, serializeMIMEType, serializeURL, setEnumerable, setTag, streamInternals, stringify,
  toByteString, toDOMString, toUnsignedShort, toUSVString, trimWith, URLClass, URLSearchParamsClass,
  utf8Decode, utf8DecodeKeepBOM, utf8Encode,
});
