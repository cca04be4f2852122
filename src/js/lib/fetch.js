// fetch.js - the Fetch API as Node 22 exposes it (undici 6.x): Headers,
// Request, Response, FormData and fetch(), with undici's checks, quirks and
// error texts (guests match on them).
//
// Bodies. A body is a record { source, length, factory, producer, stream }:
// `source` is what it was made from when that can be sent again (string
// bytes, Blob, FormData; null for streams), `length` its size when known.
// Its bytes come from a *producer* ({ next() -> Promise<{done, value}>,
// cancel(reason) }) or from a ReadableStream. The stream is made only when
// the guest reads `.body` (or the body came as a stream): text(), json()
// and the rest read the producer directly, so they work without loading
// web_streams.js at all. `factory` makes a fresh producer for bodies that
// can be replayed (redirects re-send them; clone() copies them); network
// and async-iterable bodies have a single producer, which clone() tees.
//
// Transport. Requests go through `host.net` (see README.md): every request,
// including each redirect target, is a new host.net.request(), which the C
// side checks against the domain policy. Redirects, request header
// defaults, aborts and the response body's backpressure (pause when the
// queue holds more than kHighWater bytes, resume once drained) are done
// here. data: URLs are answered in JS.
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

// A ReadableStream can only exist once web_streams.js was loaded.
function isReadableStream(V) {
  return isObject(V) && require.loaded("web_streams") && V instanceof require("web_streams").ReadableStream;
}

// Whether a stream was ever read from (its [[disturbed]] slot).
const disturbedStreams = new WeakSet();
function isStreamDisturbed(stream) {
  if (disturbedStreams.has(stream)) return true;
  if (!require.loaded("web_streams")) return false;
  const ws = require("web_streams");
  if (typeof ws.isDisturbed === "function") return ws.isDisturbed(stream);
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

// --- header lists ------------------------------------------------------------

// A header list: lower-cased name -> { name as first given, combined value },
// in insertion order, plus the separate Set-Cookie values.
class HeadersList {
  constructor(from) {
    if (from instanceof HeadersList) {
      this.map = new Map(from.map);
      this.sorted = from.sorted;
      this.cookies = from.cookies === null ? null : [...from.cookies];
    } else {
      this.map = new Map();
      this.sorted = null;
      this.cookies = null;
    }
  }

  contains(name, isLower) {
    return this.map.has(isLower ? name : name.toLowerCase());
  }

  clear() {
    this.map.clear();
    this.sorted = null;
    this.cookies = null;
  }

  append(name, value, isLower) {
    this.sorted = null;
    const lower = isLower ? name : name.toLowerCase();
    const exists = this.map.get(lower);
    if (exists) {
      const delimiter = lower === "cookie" ? "; " : ", ";
      this.map.set(lower, { name: exists.name, value: `${exists.value}${delimiter}${value}` });
    } else {
      this.map.set(lower, { name, value });
    }
    if (lower === "set-cookie") (this.cookies ??= []).push(value);
  }

  set(name, value, isLower) {
    this.sorted = null;
    const lower = isLower ? name : name.toLowerCase();
    if (lower === "set-cookie") this.cookies = [value];
    this.map.set(lower, { name, value });
  }

  delete(name, isLower) {
    this.sorted = null;
    if (!isLower) name = name.toLowerCase();
    if (name === "set-cookie") this.cookies = null;
    this.map.delete(name);
  }

  get(name, isLower) {
    const entry = this.map.get(isLower ? name : name.toLowerCase());
    return entry === undefined ? null : entry.value;
  }

  // { name: value } with the names as first given (inspect, the wire).
  entriesObject() {
    const out = {};
    for (const { name, value } of this.map.values()) out[name] = value;
    return out;
  }

  // [name, value] pairs as first given, Set-Cookie values apart.
  entriesList() {
    const out = [];
    for (const [lower, { name, value }] of this.map) {
      if (lower === "set-cookie") for (const cookie of this.cookies) out.push([name, cookie]);
      else out.push([name, value]);
    }
    return out;
  }

  // https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine
  sortAndCombine() {
    if (this.sorted !== null) return this.sorted;
    const names = [];
    for (const [lower, { value }] of this.map) names.push([lower, value]);
    names.sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const cookies = this.cookies;
    if (cookies === null || cookies.length === 1) return (this.sorted = names);
    const out = [];
    for (const pair of names) {
      if (pair[0] === "set-cookie") for (const cookie of cookies) out.push(["set-cookie", cookie]);
      else out.push(pair);
    }
    return (this.sorted = out);
  }
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

// --- Headers -----------------------------------------------------------------

let isHeaders;
let headersListOf;
let setHeadersList;
let guardOf;
let setGuard;

// HeadersInit: a Headers (its entries as given), a sequence of pairs, or a
// record, converted the way undici does (prefix/argument name the caller).
function convertHeadersInit(V, prefix, argument) {
  if (isObject(V)) {
    const iterator = V[Symbol.iterator];
    if (iterator === Headers.prototype.entries && isHeaders(V)) return headersListOf(V).entriesList();
    if (typeof iterator === "function") return convertPairs(V, prefix, argument, iterator);
    return convertRecord(V, prefix, argument);
  }
  throw exception("Headers constructor",
    "Argument 1 could not be converted to one of: sequence<sequence<ByteString>>, record<ByteString, ByteString>.");
}

function convertPairs(V, prefix, argument, iterator) {
  const method = Reflect.apply(iterator, V, []);
  if (method === undefined || typeof method.next !== "function") {
    throw exception(prefix, `${argument} is not iterable.`);
  }
  const seq = [];
  let index = 0;
  for (;;) {
    const { done, value } = method.next();
    if (done) break;
    seq.push(convertByteStrings(value, prefix, `${argument}[${index++}]`));
  }
  return seq;
}

function convertByteStrings(V, prefix, argument) {
  if (!isObject(V)) throw exception(prefix, `${argument} (${stringify(V)}) is not iterable.`);
  const method = V?.[Symbol.iterator]?.();
  if (method === undefined || typeof method.next !== "function") {
    throw exception(prefix, `${argument} is not iterable.`);
  }
  const seq = [];
  let index = 0;
  for (;;) {
    const { done, value } = method.next();
    if (done) break;
    seq.push(toByteString(value, prefix, `${argument}[${index++}]`));
  }
  return seq;
}

function convertRecord(O, prefix, argument) {
  const result = {};
  for (const key of [...Object.getOwnPropertyNames(O), ...Object.getOwnPropertySymbols(O)]) {
    const typedKey = toByteString(key, prefix, argument);
    result[typedKey] = toByteString(O[key], prefix, argument);
  }
  return result;
}

// https://fetch.spec.whatwg.org/#concept-headers-fill
function fillHeaders(headers, object) {
  if (Array.isArray(object)) {
    for (const header of object) {
      if (header.length !== 2) {
        throw exception("Headers constructor", `expected name/value pair to be length 2, found ${header.length}.`);
      }
      appendHeader(headers, header[0], header[1]);
    }
  } else if (typeof object === "object" && object !== null) {
    for (const key of Object.keys(object)) appendHeader(headers, key, object[key]);
  } else {
    throw exception("Headers constructor",
      "Argument 1 could not be converted to one of: sequence<sequence<ByteString>>, record<ByteString, ByteString>.");
  }
}

function invalidArgument(prefix, value, type) {
  return exception(prefix, `"${value}" is an invalid ${type}.`);
}

// https://fetch.spec.whatwg.org/#concept-headers-append
function appendHeader(headers, name, value) {
  value = normalizeHeaderValue(value);
  if (!isValidHeaderName(name)) throw invalidArgument("Headers.append", name, "header name");
  if (!isValidHeaderValue(value)) throw invalidArgument("Headers.append", value, "header value");
  if (guardOf(headers) === "immutable") throw new TypeError("immutable");
  headersListOf(headers).append(name, value, false);
}

class Headers {
  #guard = "none";
  #list = null;

  constructor(init = undefined) {
    if (init === kConstruct) return;
    this.#list = new HeadersList();
    if (init !== undefined) fillHeaders(this, convertHeadersInit(init, "Headers contructor", "init"));
  }

  append(name, value) {
    if (!isHeaders(this)) throw illegalInvocation();
    checkArgs(arguments.length, 2, "Headers.append");
    name = toByteString(name, "Headers.append", "name");
    value = toByteString(value, "Headers.append", "value");
    appendHeader(this, name, value);
  }

  delete(name) {
    if (!isHeaders(this)) throw illegalInvocation();
    checkArgs(arguments.length, 1, "Headers.delete");
    name = toByteString(name, "Headers.delete", "name");
    if (!isValidHeaderName(name)) throw invalidArgument("Headers.delete", name, "header name");
    if (this.#guard === "immutable") throw new TypeError("immutable");
    if (!this.#list.contains(name, false)) return;
    this.#list.delete(name, false);
  }

  get(name) {
    if (!isHeaders(this)) throw illegalInvocation();
    checkArgs(arguments.length, 1, "Headers.get");
    name = toByteString(name, "Headers.get", "name");
    if (!isValidHeaderName(name)) throw invalidArgument("Headers.get", name, "header name");
    return this.#list.get(name, false);
  }

  has(name) {
    if (!isHeaders(this)) throw illegalInvocation();
    checkArgs(arguments.length, 1, "Headers.has");
    name = toByteString(name, "Headers.has", "name");
    if (!isValidHeaderName(name)) throw invalidArgument("Headers.has", name, "header name");
    return this.#list.contains(name, false);
  }

  set(name, value) {
    if (!isHeaders(this)) throw illegalInvocation();
    checkArgs(arguments.length, 2, "Headers.set");
    name = toByteString(name, "Headers.set", "name");
    value = toByteString(value, "Headers.set", "value");
    value = normalizeHeaderValue(value);
    if (!isValidHeaderName(name)) throw invalidArgument("Headers.set", name, "header name");
    if (!isValidHeaderValue(value)) throw invalidArgument("Headers.set", value, "header value");
    if (this.#guard === "immutable") throw new TypeError("immutable");
    this.#list.set(name, value, false);
  }

  getSetCookie() {
    if (!isHeaders(this)) throw illegalInvocation();
    const list = this.#list.cookies;
    return list ? [...list] : [];
  }

  [kInspect](depth, options, inspect) {
    const fn = typeof inspect === "function" ? inspect : inspectFn();
    return `Headers ${fn(this.#list.entriesObject(), nestedOptions(options, depth))}`;
  }

  static {
    isHeaders = (o) => isObject(o) && #list in o;
    headersListOf = (h) => h.#list;
    setHeadersList = (h, list) => { h.#list = list; };
    guardOf = (h) => h.#guard;
    setGuard = (h, guard) => { h.#guard = guard; };
  }
}

iteratorMixin("Headers", Headers, (o) => isHeaders(o), (h) => headersListOf(h).sortAndCombine(), 0, 1);
setEnumerable(Headers.prototype, ["append", "delete", "get", "has", "set", "getSetCookie"]);
setTag(Headers.prototype, "Headers");

function makeHeaders(list, guard) {
  const headers = new Headers(kConstruct);
  setHeadersList(headers, list);
  setGuard(headers, guard);
  return headers;
}

// --- FormData ----------------------------------------------------------------

let isFormData;
let entriesOf;
let setEntries;

// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#create-an-entry
function makeEntry(name, value, filename) {
  if (typeof value !== "string") {
    const File = FileClass();
    if (!isFileLike(value) && value instanceof (BlobClass())) {
      value = new File([value], "blob", { type: value.type });
    }
    if (filename !== undefined && value instanceof (BlobClass())) {
      value = new File([value], filename, { type: value.type, lastModified: value.lastModified });
    }
  }
  return { name, value };
}

class FormData {
  #entries = [];

  constructor(form) {
    if (form !== undefined) {
      throw exception("FormData constructor", "Argument 1 could not be converted to: undefined.");
    }
  }

  append(name, value, filename = undefined) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 2, "FormData.append");
    if (arguments.length === 3 && !isBlobLike(value)) {
      throw new TypeError("Failed to execute 'append' on 'FormData': parameter 2 is not of type 'Blob'");
    }
    name = toUSVString(name);
    value = isBlobLike(value) ? value : toUSVString(value);
    filename = arguments.length === 3 ? toUSVString(filename) : undefined;
    this.#entries.push(makeEntry(name, value, filename));
  }

  delete(name) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 1, "FormData.delete");
    name = toUSVString(name);
    this.#entries = this.#entries.filter((entry) => entry.name !== name);
  }

  get(name) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 1, "FormData.get");
    name = toUSVString(name);
    const entry = this.#entries.find((e) => e.name === name);
    return entry === undefined ? null : entry.value;
  }

  getAll(name) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 1, "FormData.getAll");
    name = toUSVString(name);
    return this.#entries.filter((e) => e.name === name).map((e) => e.value);
  }

  has(name) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 1, "FormData.has");
    name = toUSVString(name);
    return this.#entries.some((e) => e.name === name);
  }

  set(name, value, filename = undefined) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 2, "FormData.set");
    if (arguments.length === 3 && !isBlobLike(value)) {
      throw new TypeError("Failed to execute 'set' on 'FormData': parameter 2 is not of type 'Blob'");
    }
    name = toUSVString(name);
    value = isBlobLike(value) ? value : toUSVString(value);
    filename = arguments.length === 3 ? toUSVString(filename) : undefined;
    const entry = makeEntry(name, value, filename);
    const list = this.#entries;
    const idx = list.findIndex((e) => e.name === name);
    if (idx === -1) list.push(entry);
    else this.#entries = [...list.slice(0, idx), entry, ...list.slice(idx + 1).filter((e) => e.name !== name)];
  }

  [kInspect](depth, options, inspect) {
    const state = { __proto__: null };
    for (const { name, value } of this.#entries) {
      if (name in state) {
        if (Array.isArray(state[name])) state[name].push(value);
        else state[name] = [state[name], value];
      } else {
        state[name] = value;
      }
    }
    const fn = typeof inspect === "function" ? inspect : inspectFn();
    const out = fn(state, nestedOptions(options, depth));
    return `FormData ${out.slice(out.indexOf("]") + 2)}`;
  }

  static {
    isFormData = (o) => isObject(o) && #entries in o;
    entriesOf = (f) => f.#entries;
    setEntries = (f, list) => { f.#entries = list; };
  }
}

iteratorMixin("FormData", FormData, (o) => isFormData(o), (f) => entriesOf(f), "name", "value");
setEnumerable(FormData.prototype, ["append", "delete", "get", "getAll", "has", "set"]);
setTag(FormData.prototype, "FormData");
