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
      if (state[name]) {
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

// --- body producers ----------------------------------------------------------

const done = Object.freeze({ done: true, value: undefined });

// A producer of one byte sequence (a fresh copy each time: a byte stream
// takes the buffers it is given).
function bytesProducer(bytes) {
  let sent = false;
  return {
    next() {
      if (sent || bytes.length === 0) return Promise.resolve(done);
      sent = true;
      // `last`: a byte stream closes right after this chunk, as undici's does.
      return Promise.resolve({ done: false, value: bytes.slice(), last: true });
    },
    cancel() {
      sent = true;
      return Promise.resolve();
    },
  };
}

function blobBytes(blob) {
  if (blob instanceof (BlobClass())) return Reflect.apply(BlobClass().prototype.bytes, blob, []);
  if (typeof blob.bytes === "function") return Promise.resolve(blob.bytes()).then((b) => new Uint8Array(b));
  return Promise.resolve(blob.arrayBuffer()).then((ab) => new Uint8Array(ab));
}

// Byte arrays and Blobs, one after the other (a multipart body, a Blob).
function partsProducer(parts) {
  let index = 0;
  let canceled = false;
  const next = () => {
    while (!canceled && index < parts.length) {
      const part = parts[index++];
      if (part instanceof Uint8Array) {
        if (part.length !== 0) return Promise.resolve({ done: false, value: part.slice() });
      } else {
        return blobBytes(part).then((bytes) => (bytes.length !== 0 ? { done: false, value: bytes } : next()));
      }
    }
    return Promise.resolve(done);
  };
  return {
    next,
    cancel() {
      canceled = true;
      return Promise.resolve();
    },
  };
}

// An async iterable's values, as Buffer.from() turns them into bytes.
function iterableProducer(iterable) {
  let iterator = null;
  const next = async () => {
    iterator ??= iterable[Symbol.asyncIterator]();
    for (;;) {
      const { done: finished, value } = await iterator.next();
      if (finished) return done;
      const buf = require("node_buffer").Buffer.from(value);
      if (buf.byteLength !== 0) return { done: false, value: new Uint8Array(buf) };
    }
  };
  return {
    next,
    async cancel() {
      if (iterator !== null && typeof iterator.return === "function") await iterator.return();
    },
  };
}

// Two producers reading one: each chunk goes to both (a copy to the second).
function teeProducer(source) {
  let pending = null;
  let finished = false;
  let failure = null;
  let failed = false;
  let canceled = 0;
  const branches = [];
  const pull = () => {
    pending ??= source.next().then((r) => {
      pending = null;
      if (r.done) finished = true;
      else {
        if (!branches[0].canceled) branches[0].queue.push(r.value);
        if (!branches[1].canceled) branches[1].queue.push(r.value.slice());
      }
    }, (err) => {
      pending = null;
      failed = true;
      failure = err;
    });
    return pending;
  };
  const make = () => {
    const branch = {
      queue: [],
      canceled: false,
      next() {
        if (branch.queue.length !== 0) return Promise.resolve({ done: false, value: branch.queue.shift() });
        if (failed) return Promise.reject(failure);
        if (finished || branch.canceled) return Promise.resolve(done);
        return pull().then(() => branch.next());
      },
      cancel(reason) {
        if (branch.canceled) return Promise.resolve();
        branch.canceled = true;
        branch.queue = [];
        if (++canceled === 2) return Promise.resolve(source.cancel(reason));
        return Promise.resolve();
      },
    };
    branches.push(branch);
    return branch;
  };
  return [make(), make()];
}

// --- bodies ------------------------------------------------------------------

function makeBody(source, length, factory, producer, stream) {
  return { source, length, factory, producer, stream, consumed: false };
}

function takeProducer(body) {
  if (body.producer === null) body.producer = body.factory();
  return body.producer;
}

function readableStreamClass() {
  let ws;
  try {
    ws = require("web_streams");
  } catch {
    ws = null;
  }
  if (ws === null || typeof ws.ReadableStream !== "function") {
    const err = new Error("ReadableStream is not available in this runtime yet; use text(), json(), arrayBuffer(), bytes(), blob() or formData()");
    err.code = "ERR_NOT_AVAILABLE";
    throw err;
  }
  return ws.ReadableStream;
}

// A byte stream over a producer (highWaterMark 0: nothing is pulled
// before a read).
function makeByteStream(producer) {
  const ReadableStream = readableStreamClass();
  const pull = (controller) => {
    return producer.next().then((r) => {
      if (r.done) {
        controller.close();
        controller.byobRequest?.respond(0);
      } else {
        controller.enqueue(r.value);
        if (r.last) {
          queueMicrotask(() => {
            try {
              controller.close();
              controller.byobRequest?.respond(0);
            } catch {
              // cancelled meanwhile
            }
          });
        }
      }
    });
  };
  const cancel = (reason) => producer.cancel(reason);
  const internals = streamInternals();
  if (internals !== null && typeof internals.newByteStream === "function") return internals.newByteStream(pull, cancel, 0);
  return new ReadableStream({ type: "bytes", pull, cancel }, { highWaterMark: 0 });
}

// The stream of a body whose bytes were read without one: closed, locked
// and disturbed, as undici's is after text().
function consumedStream() {
  const ReadableStream = readableStreamClass();
  const stream = new ReadableStream({ start(controller) { controller.close(); } });
  const reader = stream.getReader();
  reader.read().catch(() => {});
  disturbedStreams.add(stream);
  return stream;
}

function bodyStream(body) {
  if (body.stream === null) {
    body.stream = body.consumed ? consumedStream() : makeByteStream(takeProducer(body));
  }
  return body.stream;
}

function bodyDisturbed(body) {
  if (body.consumed) return true;
  return body.stream !== null && isStreamDisturbed(body.stream);
}

// https://fetch.spec.whatwg.org/#body-unusable
function bodyUnusable(body) {
  return body != null && (bodyDisturbed(body) || (body.stream !== null && body.stream.locked));
}

// The chunks as one array (the only chunk itself when `owned`).
function concatBytes(chunks, total, owned) {
  if (owned && chunks.length === 1 && chunks[0].byteOffset === 0 && chunks[0].byteLength === chunks[0].buffer.byteLength) {
    return chunks[0];
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

// https://fetch.spec.whatwg.org/#body-fully-read
async function readAllBytes(body) {
  const chunks = [];
  let total = 0;
  if (body.stream !== null) {
    const reader = body.stream.getReader();
    disturbedStreams.add(body.stream);
    body.consumed = true;
    for (;;) {
      const { done: finished, value } = await reader.read();
      if (finished) break;
      if (!(value instanceof Uint8Array)) throw new TypeError("Received non-Uint8Array chunk");
      chunks.push(value);
      total += value.length;
    }
  } else {
    body.consumed = true;
    const producer = takeProducer(body);
    for (;;) {
      const { done: finished, value } = await producer.next();
      if (finished) break;
      chunks.push(value);
      total += value.length;
    }
  }
  // A guest's stream may hand out arrays the guest still holds.
  return concatBytes(chunks, total, body.stream === null);
}

// https://fetch.spec.whatwg.org/#concept-body-clone
function cloneBody(body) {
  if (body.stream !== null) {
    const [out1, out2] = body.stream.tee();
    body.stream = out1;
    return makeBody(body.source, body.length, body.factory, null, out2);
  }
  if (body.producer === null) return makeBody(body.source, body.length, body.factory, null, null);
  const [p1, p2] = teeProducer(body.producer);
  body.producer = p1;
  return makeBody(body.source, body.length, null, p2, null);
}

function cancelBody(body, reason) {
  if (body === null || body.consumed && body.stream === null) return;
  if (body.stream !== null) {
    if (!body.stream.locked) body.stream.cancel(reason).catch(() => {});
  } else if (body.producer !== null) {
    body.producer.cancel(reason);
  }
}

function randomDigits(n) {
  const bytes = new Uint8Array(n * 2);
  host.randomFill(bytes);
  let out = "";
  for (let i = 0; i < bytes.length && out.length < n; i++) if (bytes[i] < 250) out += bytes[i] % 10;
  while (out.length < n) out += "0";
  return out;
}

const CRLF = new Uint8Array([13, 10]);

// The multipart/form-data encoding of a FormData, as undici writes it.
function multipartParts(formData) {
  const boundary = `----formdata-undici-0${randomDigits(11)}`;
  const prefix = `--${boundary}\r\nContent-Disposition: form-data`;
  const escape = (str) => str.replace(/\n/g, "%0A").replace(/\r/g, "%0D").replace(/"/g, "%22");
  const normalizeLinefeeds = (value) => value.replace(/\r?\n|\r/g, "\r\n");
  const parts = [];
  let length = 0;
  let unknownSize = false;
  for (const [name, value] of formData) {
    if (typeof value === "string") {
      const chunk = utf8Encode(`${prefix}; name="${escape(normalizeLinefeeds(name))}"` +
        `\r\n\r\n${normalizeLinefeeds(value)}\r\n`);
      parts.push(chunk);
      length += chunk.byteLength;
    } else {
      const chunk = utf8Encode(`${prefix}; name="${escape(normalizeLinefeeds(name))}"` +
        (value.name ? `; filename="${escape(value.name)}"` : "") + "\r\n" +
        `Content-Type: ${value.type || "application/octet-stream"}\r\n\r\n`);
      parts.push(chunk, value, CRLF);
      if (typeof value.size === "number") length += chunk.byteLength + value.size + CRLF.byteLength;
      else unknownSize = true;
    }
  }
  const end = utf8Encode(`--${boundary}--\r\n`);
  parts.push(end);
  length += end.byteLength;
  return { parts, length: unknownSize ? null : length, type: `multipart/form-data; boundary=${boundary}` };
}

// https://fetch.spec.whatwg.org/#concept-bodyinit-extract -> [body, type]
function extractBody(object, keepalive = false) {
  let source = null;
  let length = null;
  let type = null;
  let factory = null;
  let producer = null;
  let stream = null;
  let bytes = null;
  if (typeof object === "string") {
    source = object;
    bytes = utf8Encode(object);
    type = "text/plain;charset=UTF-8";
  } else if (isURLSearchParams(object)) {
    source = object.toString();
    bytes = utf8Encode(source);
    type = "application/x-www-form-urlencoded;charset=UTF-8";
  } else if (isArrayBuffer(object)) {
    source = bytes = new Uint8Array(object.slice(0));
  } else if (ArrayBuffer.isView(object)) {
    source = bytes = new Uint8Array(object.buffer.slice(object.byteOffset, object.byteOffset + object.byteLength));
  } else if (isFormDataLike(object)) {
    const multipart = multipartParts(object);
    source = object;
    length = multipart.length;
    type = multipart.type;
    factory = () => partsProducer(multipart.parts);
  } else if (isBlobLike(object)) {
    source = object;
    length = object.size;
    if (object.type) type = object.type;
    factory = () => partsProducer([object]);
  } else if (isObject(object) && typeof object[Symbol.asyncIterator] === "function") {
    if (keepalive) throw new TypeError("keepalive");
    if (isReadableStream(object)) {
      if (isStreamDisturbed(object) || object.locked) {
        throw new TypeError("Response body object should not be disturbed or locked");
      }
      stream = object;
    } else {
      if (object.locked) throw new TypeError("Response body object should not be disturbed or locked");
      producer = iterableProducer(object);
    }
  }
  if (bytes !== null) {
    length = bytes.byteLength;
    factory = () => bytesProducer(bytes);
  }
  return [makeBody(source, length, factory, producer, stream), type];
}

// A body that can be sent again (a redirect): a fresh one from its source.
function reextractBody(body) {
  return makeBody(body.source, body.length, body.factory, null, null);
}

// --- multipart/form-data parsing ---------------------------------------------

const latin1 = (bytes) => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  return s;
};

function startsWithAt(input, bytes, at) {
  if (input.length < bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (input[at + i] !== bytes[i]) return false;
  return true;
}

function indexOfBytes(input, needle, from) {
  const first = needle[0];
  const last = input.length - needle.length;
  outer: for (let i = from; i <= last; i++) {
    if (input[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (input[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function collectBytes(input, pos, condition) {
  const start = pos.i;
  while (pos.i < input.length && condition(input[pos.i])) pos.i++;
  return input.subarray(start, pos.i);
}

function trimBytes(buf, leading, trailing) {
  const ws = (c) => c === 0x09 || c === 0x20;
  let lead = 0;
  let trail = buf.length - 1;
  if (leading) while (lead < buf.length && ws(buf[lead])) lead++;
  if (trailing) while (trail > 0 && ws(buf[trail])) trail--;
  return lead === 0 && trail === buf.length - 1 ? buf : buf.subarray(lead, trail + 1);
}

const formDataNameBytes = [...'form-data; name="'].map((c) => c.charCodeAt(0));
const filenameBytes = [..."; filename"].map((c) => c.charCodeAt(0));

function parseMultipartName(input, pos) {
  const name = collectBytes(input, pos, (c) => c !== 0x0a && c !== 0x0d && c !== 0x22);
  if (input[pos.i] !== 0x22) return null;
  pos.i++;
  return utf8Decode(name).replace(/%0A/ig, "\n").replace(/%0D/ig, "\r").replace(/%22/g, '"');
}

function parseMultipartHeaders(input, pos) {
  let name = null;
  let filename = null;
  let contentType = null;
  let encoding = null;
  for (;;) {
    if (input[pos.i] === 0x0d && input[pos.i + 1] === 0x0a) {
      if (name === null) return "failure";
      return { name, filename, contentType, encoding };
    }
    let headerName = collectBytes(input, pos, (c) => c !== 0x0a && c !== 0x0d && c !== 0x3a);
    headerName = trimBytes(headerName, true, true);
    if (!mimeTokenRe.test(latin1(headerName))) return "failure";
    if (input[pos.i] !== 0x3a) return "failure";
    pos.i++;
    collectBytes(input, pos, (c) => c === 0x20 || c === 0x09);
    switch (latin1(headerName).toLowerCase()) {
      case "content-disposition": {
        name = filename = null;
        if (!startsWithAt(input, formDataNameBytes, pos.i)) return "failure";
        pos.i += 17;
        name = parseMultipartName(input, pos);
        if (name === null) return "failure";
        if (startsWithAt(input, filenameBytes, pos.i)) {
          let check = pos.i + filenameBytes.length;
          if (input[check] === 0x2a) {
            pos.i += 1;
            check += 1;
          }
          if (input[check] !== 0x3d || input[check + 1] !== 0x22) return "failure";
          pos.i += 12;
          filename = parseMultipartName(input, pos);
          if (filename === null) return "failure";
        }
        break;
      }
      case "content-type":
        contentType = latin1(trimBytes(collectBytes(input, pos, (c) => c !== 0x0a && c !== 0x0d), false, true));
        break;
      case "content-transfer-encoding":
        encoding = latin1(trimBytes(collectBytes(input, pos, (c) => c !== 0x0a && c !== 0x0d), false, true));
        break;
      default:
        collectBytes(input, pos, (c) => c !== 0x0a && c !== 0x0d);
    }
    if (input[pos.i] !== 0x0d && input[pos.i + 1] !== 0x0a) return "failure";
    pos.i += 2;
  }
}

// The multipart/form-data parser (undici's reading of it) -> entries.
function parseMultipart(input, mimeType) {
  const boundaryString = mimeType.parameters.get("boundary");
  if (boundaryString === undefined) return "failure";
  const boundary = utf8Encode(`--${boundaryString}`);
  const bare = boundary.subarray(2);
  const entries = [];
  const pos = { i: 0 };
  while (input[pos.i] === 0x0d && input[pos.i + 1] === 0x0a) pos.i += 2;
  let trailing = input.length;
  while (input[trailing - 1] === 0x0a && input[trailing - 2] === 0x0d) trailing -= 2;
  if (trailing !== input.length) input = input.subarray(0, trailing);
  const File = FileClass();
  for (;;) {
    if (pos.i + boundary.length <= input.length && startsWithAt(input, boundary, pos.i)) pos.i += boundary.length;
    else return "failure";
    if ((pos.i === input.length - 2 && input[pos.i] === 0x2d && input[pos.i + 1] === 0x2d) ||
        (pos.i === input.length - 4 && input[pos.i] === 0x2d && input[pos.i + 1] === 0x2d &&
         input[pos.i + 2] === 0x0d && input[pos.i + 3] === 0x0a)) {
      return entries;
    }
    if (input[pos.i] !== 0x0d || input[pos.i + 1] !== 0x0a) return "failure";
    pos.i += 2;
    const result = parseMultipartHeaders(input, pos);
    if (result === "failure") return "failure";
    let { name, filename, contentType, encoding } = result;
    pos.i += 2;
    const at = indexOfBytes(input, bare, pos.i);
    if (at === -1) return "failure";
    let body = input.subarray(pos.i, Math.max(pos.i, at - 4));
    pos.i += body.length;
    if (encoding === "base64") body = require("node_buffer").Buffer.from(latin1(body), "base64");
    if (input[pos.i] !== 0x0d || input[pos.i + 1] !== 0x0a) return "failure";
    pos.i += 2;
    let value;
    if (filename !== null) {
      contentType ??= "text/plain";
      if (/[^\x00-\x7f]/.test(contentType)) contentType = "";
      value = new File([body], filename, { type: contentType });
    } else {
      value = utf8Decode(body);
    }
    entries.push(makeEntry(name, value, filename === null ? undefined : filename));
  }
}

// --- the Body mixin ----------------------------------------------------------

// https://fetch.spec.whatwg.org/#concept-body-mime-type
function bodyMimeType(state) {
  const mime = extractMimeType(state.headersList);
  return mime === "failure" ? null : mime;
}

async function consumeBody(object, brand, convert) {
  if (!brand.is(object)) throw illegalInvocation();
  const state = brand.state(object);
  if (bodyUnusable(state.body)) throw new TypeError("Body is unusable: Body has already been read");
  if (state.aborted) throw abortError();
  if (state.body == null) return convert(new Uint8Array(0), state);
  return convert(await readAllBytes(state.body), state);
}

function formDataFromBytes(bytes, state) {
  const mime = bodyMimeType(state);
  if (mime !== null) {
    if (mime.essence === "multipart/form-data") {
      const parsed = parseMultipart(bytes, mime);
      if (parsed === "failure") throw new TypeError("Failed to parse body as FormData.");
      const fd = new FormData();
      setEntries(fd, parsed);
      return fd;
    }
    if (mime.essence === "application/x-www-form-urlencoded") {
      const entries = new (URLSearchParamsClass())(utf8DecodeKeepBOM(bytes));
      const fd = new FormData();
      for (const [name, value] of entries) fd.append(name, value);
      return fd;
    }
  }
  throw new TypeError('Content-Type was not one of "multipart/form-data" or "application/x-www-form-urlencoded".');
}

function bodyMixin(Class, brand) {
  const methods = {
    blob() {
      return consumeBody(this, brand, (bytes, state) => {
        const mime = bodyMimeType(state);
        return new (BlobClass())([bytes], { type: mime === null ? "" : serializeMIMEType(mime) });
      });
    },
    arrayBuffer() {
      return consumeBody(this, brand, (bytes) => {
        if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer;
        return bytes.slice().buffer;
      });
    },
    text() {
      return consumeBody(this, brand, (bytes) => utf8Decode(bytes));
    },
    json() {
      return consumeBody(this, brand, (bytes) => JSON.parse(utf8Decode(bytes)));
    },
    formData() {
      return consumeBody(this, brand, formDataFromBytes);
    },
    bytes() {
      return consumeBody(this, brand, (bytes) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  };
  for (const key of ["blob", "arrayBuffer", "text", "json", "formData", "bytes"]) {
    Object.defineProperty(Class.prototype, key, { value: methods[key], writable: true, enumerable: true, configurable: true });
  }
}

// --- Request -----------------------------------------------------------------

const referrerPolicies = ["", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin",
  "strict-origin", "origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url"];
const requestModes = ["navigate", "same-origin", "no-cors", "cors"];
const requestCredentials = ["omit", "same-origin", "include"];
const requestCaches = ["default", "no-store", "reload", "no-cache", "force-cache", "only-if-cached"];
const requestRedirects = ["follow", "manual", "error"];
const requestDuplex = ["half"];
const normalizedMethodsBase = {
  __proto__: null,
  delete: "DELETE", DELETE: "DELETE", get: "GET", GET: "GET", head: "HEAD", HEAD: "HEAD",
  options: "OPTIONS", OPTIONS: "OPTIONS", post: "POST", POST: "POST", put: "PUT", PUT: "PUT",
};
const normalizedMethods = { __proto__: null, ...normalizedMethodsBase, patch: "patch", PATCH: "PATCH" };
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);
const corsSafelistedMethods = new Set(["GET", "HEAD", "POST"]);

// RequestInit, member by member in the dictionary's order.
function convertRequestInit(init, prefix) {
  const dict = {};
  if (init === null || init === undefined) return dict;
  if (!isObject(init)) throw exception(prefix, `Expected ${init} to be one of: Null, Undefined, Object.`);
  let v = init.method;
  if (v !== undefined) dict.method = toByteString(v, prefix, "init.method");
  v = init.headers;
  if (v !== undefined) dict.headers = convertHeadersInit(v, prefix, "init.headers");
  v = init.body;
  if (v !== undefined) dict.body = v === null ? null : convertBodyInit(v, prefix, "init.body");
  v = init.referrer;
  if (v !== undefined) dict.referrer = toUSVString(v);
  v = init.referrerPolicy;
  if (v !== undefined) dict.referrerPolicy = enumConvert(toDOMString(v, prefix, "init.referrerPolicy"), prefix, referrerPolicies);
  v = init.mode;
  if (v !== undefined) dict.mode = enumConvert(toDOMString(v, prefix, "init.mode"), prefix, requestModes);
  v = init.credentials;
  if (v !== undefined) dict.credentials = enumConvert(toDOMString(v, prefix, "init.credentials"), prefix, requestCredentials);
  v = init.cache;
  if (v !== undefined) dict.cache = enumConvert(toDOMString(v, prefix, "init.cache"), prefix, requestCaches);
  v = init.redirect;
  if (v !== undefined) dict.redirect = enumConvert(toDOMString(v, prefix, "init.redirect"), prefix, requestRedirects);
  v = init.integrity;
  if (v !== undefined) dict.integrity = toDOMString(v, prefix, "init.integrity");
  v = init.keepalive;
  if (v !== undefined) dict.keepalive = Boolean(v);
  v = init.signal;
  if (v !== undefined) dict.signal = v;
  v = init.window;
  if (v !== undefined) dict.window = v;
  v = init.duplex;
  if (v !== undefined) dict.duplex = enumConvert(toDOMString(v, prefix, "init.duplex"), prefix, requestDuplex);
  v = init.dispatcher;
  if (v !== undefined) dict.dispatcher = v;
  return dict;
}

// https://fetch.spec.whatwg.org/#concept-request
function makeRequest(init) {
  return {
    method: init.method ?? "GET",
    body: init.body ?? null,
    window: init.window ?? "client",
    keepalive: init.keepalive ?? false,
    destination: "",
    origin: init.origin ?? "client",
    referrer: init.referrer ?? "client",
    referrerPolicy: init.referrerPolicy ?? "",
    mode: init.mode ?? "no-cors",
    useCORSPreflightFlag: init.useCORSPreflightFlag ?? false,
    credentials: init.credentials ?? "same-origin",
    cache: init.cache ?? "default",
    redirect: init.redirect ?? "follow",
    integrity: init.integrity ?? "",
    reloadNavigation: init.reloadNavigation ?? false,
    historyNavigation: init.historyNavigation ?? false,
    redirectCount: init.redirectCount ?? 0,
    responseTainting: init.responseTainting ?? "basic",
    urlList: init.urlList,
    url: init.urlList[0],
    headersList: init.headersList ? new HeadersList(init.headersList) : new HeadersList(),
  };
}

function cloneRequestState(request) {
  const copy = makeRequest({ ...request, body: null });
  if (request.body != null) copy.body = cloneBody(request.body);
  return copy;
}

// The URL serializer, optionally without the fragment.
function serializeURL(url, excludeFragment = false) {
  const href = url.href;
  if (!excludeFragment) return href;
  const hashLength = url.hash.length;
  const serialized = hashLength === 0 ? href : href.substring(0, href.length - hashLength);
  if (!hashLength && href.endsWith("#")) return serialized.slice(0, -1);
  return serialized;
}

// Make `ac` follow `source`. The listener holds the controller weakly and
// leaves `source` once the request (`owner`) is collected, so a long-lived
// signal shared by many requests does not keep them all.
let signalCleanup = null;
function followSignal(owner, ac, source) {
  if (source.aborted) {
    ac.abort(source.reason);
    return;
  }
  const ref = typeof WeakRef === "function" ? new WeakRef(ac) : { deref: () => ac };
  owner.keepController = ac;
  const listener = function () {
    const controller = ref.deref();
    if (controller !== undefined) controller.abort(this.reason);
  };
  source.addEventListener("abort", listener, { once: true });
  if (typeof FinalizationRegistry === "function") {
    signalCleanup ??= new FinalizationRegistry(({ source: s, listener: l }) => s.removeEventListener("abort", l));
    signalCleanup.register(owner, { source, listener });
  }
}

let patchWarned = false;
let isRequest;
let requestState;
let makeRequestObject;

const requestBrand = { is: (o) => isRequest(o), state: (o) => requestState(o) };

class Request {
  #state;
  #signal;
  #headers;
  #keep = { keepController: null };

  constructor(input, init = {}) {
    if (input === kConstruct) return;
    const prefix = "Request constructor";
    checkArgs(arguments.length, 1, prefix);
    if (typeof input === "string") input = toUSVString(input);
    else if (!isRequest(input)) input = toUSVString(input);
    init = convertRequestInit(init, prefix);

    let request;
    let fallbackMode = null;
    let signal = null;
    if (typeof input === "string") {
      let parsedURL;
      try {
        parsedURL = new (URLClass())(input);
      } catch (err) {
        throw new TypeError("Failed to parse URL from " + input, { cause: err });
      }
      if (parsedURL.username || parsedURL.password) {
        throw new TypeError("Request cannot be constructed from a URL that includes credentials: " + input);
      }
      request = makeRequest({ urlList: [parsedURL] });
      fallbackMode = "cors";
    } else {
      request = input.#state;
      signal = input.#signal;
    }

    if (init.window != null) throw new TypeError("'window' option 'client' must be null");
    const window = "window" in init ? "no-window" : "client";

    request = makeRequest({
      method: request.method,
      headersList: request.headersList,
      window,
      origin: request.origin,
      referrer: request.referrer,
      referrerPolicy: request.referrerPolicy,
      mode: request.mode,
      credentials: request.credentials,
      cache: request.cache,
      redirect: request.redirect,
      integrity: request.integrity,
      keepalive: request.keepalive,
      reloadNavigation: request.reloadNavigation,
      historyNavigation: request.historyNavigation,
      urlList: [...request.urlList],
    });

    const initHasKey = Object.keys(init).length !== 0;
    if (initHasKey) {
      if (request.mode === "navigate") request.mode = "same-origin";
      request.reloadNavigation = false;
      request.historyNavigation = false;
      request.origin = "client";
      request.referrer = "client";
      request.referrerPolicy = "";
      request.url = request.urlList[request.urlList.length - 1];
      request.urlList = [request.url];
    }

    if (init.referrer !== undefined) {
      const referrer = init.referrer;
      if (referrer === "") {
        request.referrer = "no-referrer";
      } else {
        let parsedReferrer;
        try {
          parsedReferrer = new (URLClass())(referrer);
        } catch (err) {
          throw new TypeError(`Referrer "${referrer}" is not a valid URL.`, { cause: err });
        }
        request.referrer = parsedReferrer.protocol === "about:" && parsedReferrer.hostname === "client"
          ? "client"
          : parsedReferrer;
      }
    }
    if (init.referrerPolicy !== undefined) request.referrerPolicy = init.referrerPolicy;

    const mode = init.mode !== undefined ? init.mode : fallbackMode;
    if (mode === "navigate") throw exception("Request constructor", "invalid request mode navigate.");
    if (mode != null) request.mode = mode;
    if (init.credentials !== undefined) request.credentials = init.credentials;
    if (init.cache !== undefined) request.cache = init.cache;
    if (request.cache === "only-if-cached" && request.mode !== "same-origin") {
      throw new TypeError("'only-if-cached' can be set only with 'same-origin' mode");
    }
    if (init.redirect !== undefined) request.redirect = init.redirect;
    if (init.integrity != null) request.integrity = String(init.integrity);
    if (init.keepalive !== undefined) request.keepalive = Boolean(init.keepalive);

    if (init.method !== undefined) {
      let method = init.method;
      const normalized = normalizedMethods[method];
      if (normalized !== undefined) {
        request.method = normalized;
      } else {
        if (!isValidHeaderName(method)) throw new TypeError(`'${method}' is not a valid HTTP method.`);
        const upper = method.toUpperCase();
        if (forbiddenMethods.has(upper)) throw new TypeError(`'${method}' HTTP method is unsupported.`);
        method = normalizedMethodsBase[upper] ?? method;
        request.method = method;
      }
      if (!patchWarned && request.method === "patch") {
        patchWarned = true;
        try {
          require("process").emitWarning(
            "Using `patch` is highly likely to result in a `405 Method Not Allowed`. `PATCH` is much more likely to succeed.",
            { code: "UNDICI-FETCH-patch" });
        } catch {
          // no process object: no warning
        }
      }
    }

    if (init.signal !== undefined) signal = init.signal;
    this.#state = request;

    const { AbortController } = require("abort");
    const ac = new AbortController();
    this.#signal = ac.signal;
    if (signal != null) {
      if (!signal || typeof signal.aborted !== "boolean" || typeof signal.addEventListener !== "function") {
        throw new TypeError("Failed to construct 'Request': member signal is not of type AbortSignal.");
      }
      followSignal(this.#keep, ac, signal);
    }

    this.#headers = makeHeaders(request.headersList, "request");
    if (mode === "no-cors") {
      if (!corsSafelistedMethods.has(request.method)) {
        throw new TypeError(`'${request.method} is unsupported in no-cors mode.`);
      }
      setGuard(this.#headers, "request-no-cors");
    }

    if (initHasKey) {
      const list = request.headersList;
      const headers = init.headers !== undefined ? init.headers : new HeadersList(list);
      list.clear();
      if (headers instanceof HeadersList) {
        for (const { name, value } of headers.map.values()) list.append(name, value, false);
        list.cookies = headers.cookies;
      } else {
        fillHeaders(this.#headers, headers);
      }
    }

    const inputBody = isRequest(input) ? input.#state.body : null;
    if ((init.body != null || inputBody != null) && (request.method === "GET" || request.method === "HEAD")) {
      throw new TypeError("Request with GET/HEAD method cannot have body.");
    }

    let initBody = null;
    if (init.body != null) {
      const [extracted, contentType] = extractBody(init.body, request.keepalive);
      initBody = extracted;
      if (contentType && !request.headersList.contains("content-type", true)) {
        this.#headers.append("content-type", contentType);
      }
    }

    const inputOrInitBody = initBody ?? inputBody;
    if (inputOrInitBody != null && inputOrInitBody.source == null) {
      if (initBody != null && init.duplex == null) {
        throw new TypeError("RequestInit: duplex option is required when sending a body.");
      }
      if (request.mode !== "same-origin" && request.mode !== "cors") {
        throw new TypeError('If request is made from ReadableStream, mode should be "same-origin" or "cors"');
      }
      request.useCORSPreflightFlag = true;
    }

    let finalBody = inputOrInitBody;
    if (initBody == null && inputBody != null) {
      if (bodyUnusable(inputBody)) {
        throw new TypeError("Cannot construct a Request with a Request object that has already been used.");
      }
      // The input's body moves here (undici pipes it through an identity
      // transform); the input is left disturbed.
      finalBody = makeBody(inputBody.source, inputBody.length, inputBody.factory, inputBody.producer, inputBody.stream);
      inputBody.consumed = true;
      inputBody.producer = null;
    }
    this.#state.body = finalBody;
  }

  get method() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.method;
  }

  get url() {
    if (!isRequest(this)) throw illegalInvocation();
    return serializeURL(this.#state.url);
  }

  get headers() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#headers;
  }

  get destination() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.destination;
  }

  get referrer() {
    if (!isRequest(this)) throw illegalInvocation();
    const referrer = this.#state.referrer;
    if (referrer === "no-referrer") return "";
    if (referrer === "client") return "about:client";
    return referrer.toString();
  }

  get referrerPolicy() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.referrerPolicy;
  }

  get mode() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.mode;
  }

  get credentials() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.credentials;
  }

  get cache() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.cache;
  }

  get redirect() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.redirect;
  }

  get integrity() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.integrity;
  }

  get keepalive() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.keepalive;
  }

  get isReloadNavigation() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.reloadNavigation;
  }

  get isHistoryNavigation() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.historyNavigation;
  }

  get signal() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#signal;
  }

  get body() {
    if (!isRequest(this)) throw illegalInvocation();
    return this.#state.body ? bodyStream(this.#state.body) : null;
  }

  get bodyUsed() {
    if (!isRequest(this)) throw illegalInvocation();
    return !!this.#state.body && bodyDisturbed(this.#state.body);
  }

  get duplex() {
    if (!isRequest(this)) throw illegalInvocation();
    return "half";
  }

  clone() {
    if (!isRequest(this)) throw illegalInvocation();
    if (bodyUnusable(this.#state.body)) throw new TypeError("unusable");
    const cloned = cloneRequestState(this.#state);
    const { AbortController } = require("abort");
    const ac = new AbortController();
    const request = makeRequestObject(cloned, ac.signal, guardOf(this.#headers));
    followSignal(request.#keep, ac, this.#signal);
    return request;
  }

  [kInspect](depth, options, inspect) {
    const opts = Object.assign({}, options);
    if (opts.depth === null) opts.depth = 2;
    const properties = {
      method: this.method,
      url: this.url,
      headers: this.headers,
      destination: this.destination,
      referrer: this.referrer,
      referrerPolicy: this.referrerPolicy,
      mode: this.mode,
      credentials: this.credentials,
      cache: this.cache,
      redirect: this.redirect,
      integrity: this.integrity,
      keepalive: this.keepalive,
      isReloadNavigation: this.isReloadNavigation,
      isHistoryNavigation: this.isHistoryNavigation,
      signal: this.signal,
    };
    const fn = typeof inspect === "function" ? inspect : inspectFn();
    return `Request ${fn(properties, opts)}`;
  }

  static {
    isRequest = (o) => isObject(o) && #state in o && o.#state !== undefined;
    requestState = (r) => r.#state;
    makeRequestObject = (state, signal, guard) => {
      const request = new Request(kConstruct);
      request.#state = state;
      request.#signal = signal;
      request.#headers = makeHeaders(state.headersList, guard);
      return request;
    };
  }
}

bodyMixin(Request, requestBrand);
setEnumerable(Request.prototype, ["method", "url", "headers", "redirect", "clone", "signal", "duplex",
  "destination", "body", "bodyUsed", "isHistoryNavigation", "isReloadNavigation", "keepalive", "integrity",
  "cache", "credentials", "referrerPolicy", "referrer", "mode"]);
// undici lists a non-existent "attribute" among the enumerable members.
Object.defineProperty(Request.prototype, "attribute", { enumerable: true });
setTag(Request.prototype, "Request");

// --- Response ----------------------------------------------------------------

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const nullBodyStatuses = [101, 204, 205, 304];

function makeResponse(init = {}) {
  return {
    aborted: false,
    type: init.type ?? "default",
    status: init.status ?? 200,
    statusText: init.statusText ?? "",
    error: init.error ?? null,
    body: init.body ?? null,
    rangeRequested: false,
    headersList: init.headersList ? new HeadersList(init.headersList) : new HeadersList(),
    urlList: init.urlList ? [...init.urlList] : [],
  };
}

function isErrorLike(object) {
  return object instanceof Error || object?.constructor?.name === "Error" || object?.constructor?.name === "DOMException";
}

// https://fetch.spec.whatwg.org/#concept-network-error
function makeNetworkError(reason) {
  const response = makeResponse({
    type: "error",
    status: 0,
    error: isErrorLike(reason) ? reason : new Error(reason ? String(reason) : reason),
  });
  response.aborted = !!(reason && reason.name === "AbortError");
  return response;
}

// ResponseInit, as undici converts it (its messages name no caller).
function convertResponseInit(init) {
  const dict = {};
  if (init === null || init === undefined) return dict;
  if (!isObject(init)) throw exception(undefined, `Expected ${init} to be one of: Null, Undefined, Object.`);
  let v = init.status;
  if (v !== null) v ??= 200;
  dict.status = toUnsignedShort(v);
  v = init.statusText;
  if (v !== null) v ??= "";
  dict.statusText = toByteString(v, undefined, "undefined.statusText");
  v = init.headers;
  if (v !== undefined) dict.headers = convertHeadersInit(v, undefined, "undefined.headers");
  return dict;
}

let isResponse;
let responseState;
let makeResponseObject;

const responseBrand = { is: (o) => isResponse(o), state: (o) => responseState(o) };

// https://fetch.spec.whatwg.org/#initialize-a-response
function initializeResponse(response, init, body) {
  if (init.status !== null && (init.status < 200 || init.status > 599)) {
    throw new RangeError('init["status"] must be in the range of 200 to 599, inclusive.');
  }
  if ("statusText" in init && init.statusText != null && !isValidReasonPhrase(String(init.statusText))) {
    throw new TypeError("Invalid statusText");
  }
  const state = responseState(response);
  if ("status" in init && init.status != null) state.status = init.status;
  if ("statusText" in init && init.statusText != null) state.statusText = init.statusText;
  if ("headers" in init && init.headers != null) fillHeaders(response.headers, init.headers);
  if (body) {
    if (nullBodyStatuses.includes(state.status)) {
      throw exception("Response constructor", `Invalid response status code ${state.status}`);
    }
    state.body = body.body;
    if (body.type != null && !state.headersList.contains("content-type", true)) {
      state.headersList.append("content-type", body.type, true);
    }
  }
}

class Response {
  #state;
  #headers;

  static error() {
    return makeResponseObject(makeNetworkError(), "immutable");
  }

  static json(data, init = {}) {
    checkArgs(arguments.length, 1, "Response.json");
    if (init !== null) init = convertResponseInit(init);
    const text = JSON.stringify(data);
    if (text === undefined) throw new TypeError("Value is not JSON serializable");
    const [body] = extractBody(utf8Encode(text));
    const response = makeResponseObject(makeResponse(), "response");
    initializeResponse(response, init, { body, type: "application/json" });
    return response;
  }

  static redirect(url, status = 302) {
    checkArgs(arguments.length, 1, "Response.redirect");
    url = toUSVString(url);
    status = toUnsignedShort(status);
    let parsedURL;
    try {
      parsedURL = new (URLClass())(url);
    } catch (err) {
      throw new TypeError(`Failed to parse URL from ${url}`, { cause: err });
    }
    if (!redirectStatuses.has(status)) throw new RangeError(`Invalid status code ${status}`);
    const response = makeResponseObject(makeResponse(), "immutable");
    response.#state.status = status;
    response.#state.headersList.append("location", serializeURL(parsedURL), true);
    return response;
  }

  constructor(body = null, init = {}) {
    if (body === kConstruct) return;
    if (body !== null) body = convertBodyInit(body, undefined, undefined);
    init = convertResponseInit(init);
    this.#state = makeResponse();
    this.#headers = makeHeaders(this.#state.headersList, "response");
    let bodyWithType = null;
    if (body != null) {
      const [extracted, type] = extractBody(body);
      bodyWithType = { body: extracted, type };
    }
    initializeResponse(this, init, bodyWithType);
  }

  get type() {
    if (!isResponse(this)) throw illegalInvocation();
    return this.#state.type;
  }

  get url() {
    if (!isResponse(this)) throw illegalInvocation();
    const list = this.#state.urlList;
    const url = list[list.length - 1] ?? null;
    return url === null ? "" : serializeURL(url, true);
  }

  get redirected() {
    if (!isResponse(this)) throw illegalInvocation();
    return this.#state.urlList.length > 1;
  }

  get status() {
    if (!isResponse(this)) throw illegalInvocation();
    return this.#state.status;
  }

  get ok() {
    if (!isResponse(this)) throw illegalInvocation();
    return this.#state.status >= 200 && this.#state.status <= 299;
  }

  get statusText() {
    if (!isResponse(this)) throw illegalInvocation();
    return this.#state.statusText;
  }

  get headers() {
    if (!isResponse(this)) throw illegalInvocation();
    return this.#headers;
  }

  get body() {
    if (!isResponse(this)) throw illegalInvocation();
    return this.#state.body ? bodyStream(this.#state.body) : null;
  }

  get bodyUsed() {
    if (!isResponse(this)) throw illegalInvocation();
    return !!this.#state.body && bodyDisturbed(this.#state.body);
  }

  clone() {
    if (!isResponse(this)) throw illegalInvocation();
    if (bodyUnusable(this.#state.body)) throw exception("Response.clone", "Body has already been consumed.");
    return makeResponseObject(cloneResponseState(this.#state), guardOf(this.#headers));
  }

  [kInspect](depth, options, inspect) {
    const opts = Object.assign({}, options);
    if (opts.depth === null) opts.depth = 2;
    const properties = {
      status: this.status,
      statusText: this.statusText,
      headers: this.headers,
      body: this.body,
      bodyUsed: this.bodyUsed,
      ok: this.ok,
      redirected: this.redirected,
      type: this.type,
      url: this.url,
    };
    const fn = typeof inspect === "function" ? inspect : inspectFn();
    return `Response ${fn(properties, opts)}`;
  }

  static {
    isResponse = (o) => isObject(o) && #state in o && o.#state !== undefined;
    responseState = (r) => r.#state;
    makeResponseObject = (state, guard) => {
      const response = new Response(kConstruct);
      response.#state = state;
      response.#headers = makeHeaders(state.headersList, guard);
      return response;
    };
  }
}

function cloneResponseState(state) {
  const copy = { ...state, headersList: new HeadersList(state.headersList), urlList: [...state.urlList], body: null };
  if (state.body != null) copy.body = cloneBody(state.body);
  return copy;
}

bodyMixin(Response, responseBrand);
setEnumerable(Response.prototype, ["type", "url", "status", "ok", "redirected", "statusText", "headers",
  "clone", "body", "bodyUsed"]);
setTag(Response.prototype, "Response");
for (const key of ["json", "redirect", "error"]) {
  const desc = Object.getOwnPropertyDescriptor(Response, key);
  desc.enumerable = true;
  Object.defineProperty(Response, key, desc);
}

// --- data: URLs --------------------------------------------------------------

function percentDecode(input) {
  const isHex = (b) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
  const hexValue = (b) => (b >= 0x30 && b <= 0x39 ? b - 48 : (b & 0xdf) - 55);
  const out = new Uint8Array(input.length);
  let j = 0;
  for (let i = 0; i < input.length; i++) {
    const b = input[i];
    if (b !== 0x25 || !(isHex(input[i + 1]) && isHex(input[i + 2]))) {
      out[j++] = b;
    } else {
      out[j++] = (hexValue(input[i + 1]) << 4) | hexValue(input[i + 2]);
      i += 2;
    }
  }
  return j === out.length ? out : out.subarray(0, j);
}

// https://infra.spec.whatwg.org/#forgiving-base64-decode
function forgivingBase64(data) {
  data = data.replace(/[\u0009\u000A\u000C\u000D\u0020]/g, "");
  let length = data.length;
  if (length % 4 === 0 && data.charCodeAt(length - 1) === 0x3d) {
    --length;
    if (data.charCodeAt(length - 1) === 0x3d) --length;
  }
  if (length % 4 === 1) return "failure";
  const body = data.substring(0, length);
  if (/[^+/0-9A-Za-z]/.test(body)) return "failure";
  const binary = require("encoding").atob(body);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

// https://fetch.spec.whatwg.org/#data-url-processor
function processDataURL(url) {
  const input = serializeURL(url, true).slice(5);
  const comma = input.indexOf(",");
  if (comma === -1) return "failure";
  let mimeType = input.slice(0, comma);
  const mimeTypeLength = mimeType.length;
  mimeType = trimWith(mimeType, true, true, isASCIIWhitespace);
  let body = percentDecode(utf8Encode(input.slice(mimeTypeLength + 1)));
  if (/;(\u0020)*base64$/i.test(mimeType)) {
    body = forgivingBase64(latin1(body));
    if (body === "failure") return "failure";
    mimeType = mimeType.slice(0, -6).replace(/(\u0020)+$/, "").slice(0, -1);
  }
  if (mimeType.startsWith(";")) mimeType = "text/plain" + mimeType;
  let record = parseMIMEType(mimeType);
  if (record === "failure") record = parseMIMEType("text/plain;charset=US-ASCII");
  return { mimeType: record, body };
}

// --- fetch -------------------------------------------------------------------

const badPorts = new Set([
  "1", "7", "9", "11", "13", "15", "17", "19", "20", "21", "22", "23", "25", "37", "42", "43", "53", "69", "77", "79",
  "87", "95", "101", "102", "103", "104", "109", "110", "111", "113", "115", "117", "119", "123", "135", "137",
  "139", "143", "161", "179", "389", "427", "465", "512", "513", "514", "515", "526", "530", "531", "532",
  "540", "548", "554", "556", "563", "587", "601", "636", "989", "990", "993", "995", "1719", "1720", "1723",
  "2049", "3659", "4045", "4190", "5060", "5061", "6000", "6566", "6665", "6666", "6667", "6668", "6669", "6679",
  "6697", "10080",
]);
const requestBodyHeaders = ["content-encoding", "content-language", "content-location", "content-type", "content-length"];

const isHttpScheme = (url) => url.protocol === "http:" || url.protocol === "https:";
const currentURL = (request) => request.urlList[request.urlList.length - 1];

function sameOrigin(a, b) {
  if (a.origin === b.origin && a.origin === "null") return true;
  return a.protocol === b.protocol && a.hostname === b.hostname && a.port === b.port;
}

function isPotentiallyTrustworthy(url) {
  if (!url || typeof url !== "object" || typeof url.href !== "string") return false;
  if (url.href === "about:blank" || url.href === "about:srcdoc") return true;
  if (url.protocol === "data:" || url.protocol === "file:") return true;
  const origin = url.origin;
  if (origin == null || origin === "null") return false;
  if (url.protocol === "https:" || url.protocol === "wss:") return true;
  const host = url.hostname;
  return /^127(?:\.[0-9]+){0,2}\.[0-9]+$|^\[(?:0*:)*?:?0*1\]$/.test(host) ||
    host === "localhost" || host.includes("localhost.") || host.endsWith(".localhost");
}

// https://w3c.github.io/webappsec-referrer-policy/#strip-url
function stripForReferrer(url, originOnly) {
  url = new (URLClass())(url);
  if (url.protocol === "file:" || url.protocol === "about:" || url.protocol === "blank:") return "no-referrer";
  url.username = "";
  url.password = "";
  url.hash = "";
  if (originOnly) {
    url.pathname = "";
    url.search = "";
  }
  return url;
}

// https://w3c.github.io/webappsec-referrer-policy/#determine-requests-referrer
// (no global origin: a "client" referrer is no referrer).
function determineReferrer(request) {
  if (!(request.referrer instanceof (URLClass()))) return "no-referrer";
  const source = request.referrer;
  let referrerURL = stripForReferrer(source);
  const referrerOrigin = stripForReferrer(source, true);
  if (referrerURL.toString().length > 4096) referrerURL = referrerOrigin;
  const downgrade = isPotentiallyTrustworthy(referrerURL) && !isPotentiallyTrustworthy(request.url);
  switch (request.referrerPolicy) {
    case "origin":
      return referrerOrigin;
    case "unsafe-url":
      return referrerURL;
    case "same-origin":
      return "no-referrer";
    case "origin-when-cross-origin":
      return referrerOrigin;
    case "strict-origin-when-cross-origin": {
      const url = currentURL(request);
      if (typeof referrerURL === "object" && sameOrigin(referrerURL, url)) return referrerURL;
      if (isPotentiallyTrustworthy(referrerURL) && !isPotentiallyTrustworthy(url)) return "no-referrer";
      return referrerOrigin;
    }
    default:
      return downgrade ? "no-referrer" : referrerOrigin;
  }
}

// Subresource integrity: https://w3c.github.io/webappsec-subresource-integrity/
function bytesMatch(bytes, metadataList) {
  let createHash;
  try {
    createHash = require("node_crypto").createHash;
  } catch {
    return true;
  }
  const parseHash = /(?<algo>sha256|sha384|sha512)-((?<hash>[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}(?:\s|$)( +[!-~]*)?)?/i;
  const parsed = [];
  for (const token of metadataList.split(" ")) {
    const m = parseHash.exec(token);
    if (m === null || m.groups === undefined || m.groups.algo === undefined) continue;
    parsed.push({ algo: m.groups.algo.toLowerCase(), hash: m.groups.hash });
  }
  if (parsed.length === 0) return true;
  let strongest = parsed[0].algo;
  for (const item of parsed) {
    if (item.algo === "sha512") strongest = "sha512";
    else if (item.algo === "sha384" && strongest === "sha256") strongest = "sha384";
  }
  const list = parsed.length === 1 ? parsed : parsed.filter((item) => item.algo === strongest);
  for (const item of list) {
    let actual = createHash(item.algo).update(bytes).digest("base64").replace(/={1,2}$/, "");
    const expected = item.hash;
    if (expected === undefined || actual.length !== expected.length) continue;
    let same = true;
    for (let i = 0; i < actual.length && same; i++) {
      const a = actual[i];
      const e = expected[i];
      same = a === e || (a === "+" && e === "-") || (a === "/" && e === "_");
    }
    if (same) return true;
  }
  return false;
}

// The network error an aborted fetch ends in.
function appropriateNetworkError(ctl, err = null) {
  const DOMException = DOMExceptionClass();
  return ctl.state === "aborted"
    ? makeNetworkError(Object.assign(new DOMException("The operation was aborted.", "AbortError"), { cause: err }))
    : makeNetworkError(Object.assign(new DOMException("Request was cancelled."), { cause: err }));
}

function undiciError(name, code, message) {
  const err = new Error(message);
  err.name = name;
  err.code = code;
  return err;
}

function netError(code, message) {
  const err = new Error(message);
  err.code = code;
  return err;
}

// host.net, or null when this runtime was built without it.
function transport() {
  const net = host.net;
  return net && typeof net.request === "function" ? net : null;
}

// One request on the wire -> a promise of a response (or a network error)
// whose body streams from host.net with backpressure.
function httpNetworkFetch(ctl, request) {
  return new Promise((resolve) => {
    const net = transport();
    if (net === null) {
      resolve(makeNetworkError(netError("ERR_NOT_AVAILABLE", "fetch() has no network in this runtime (host.net is missing)")));
      return;
    }
    const url = currentURL(request);
    const headers = [];
    let contentLength = null;
    for (const [lower, { name, value }] of request.headersList.map) {
      // The checks undici's dispatcher makes (its errors become the cause).
      if (lower === "content-length") {
        if (!Number.isFinite(parseInt(value, 10))) {
          resolve(makeNetworkError(undiciError("InvalidArgumentError", "UND_ERR_INVALID_ARG", "invalid content-length header")));
          return;
        }
        contentLength = [name, value];
      } else if (lower === "transfer-encoding" || lower === "keep-alive" || lower === "upgrade") {
        resolve(makeNetworkError(undiciError("InvalidArgumentError", "UND_ERR_INVALID_ARG", `invalid ${lower} header`)));
        return;
      } else if (lower === "connection") {
        const v = value.toLowerCase();
        if (v !== "close" && v !== "keep-alive") {
          resolve(makeNetworkError(undiciError("InvalidArgumentError", "UND_ERR_INVALID_ARG", "invalid connection header")));
          return;
        }
      } else if (lower === "expect") {
        resolve(makeNetworkError(undiciError("NotSupportedError", "UND_ERR_NOT_SUPPORTED", "expect header not supported")));
        return;
      } else {
        headers.push([name, value]);
      }
    }
    // undici sends the length last; the connection is the transport's.
    if (contentLength !== null) headers.push(contentLength);

    let settled = false;
    let id = -1;
    let source = null; // the response body once the response came
    const finish = (response) => {
      if (settled) return;
      settled = true;
      ctl.onAbort = null;
      resolve(response);
    };

    const onEvent = (kind, a, b, c) => {
      if (kind === "response") {
        const status = a;
        if (status < 200) return;
        const list = new HeadersList();
        for (const [name, value] of c) list.append(name, value, true);
        source = new NetSource(net, id);
        // While the body can be read, the fetch (and so the Request whose
        // signal aborts it) stays alive.
        source.ctl = ctl;
        ctl.source = source;
        const response = makeResponse({ status, statusText: b, headersList: list });
        response.body = makeBody(null, null, null, source, null);
        // Until the guest has read it all, an abort errors the body.
        ctl.onAbort = (reason) => {
          if (!source.drained) {
            response.aborted = true;
            if (!source.finished) net.abort(id);
            source.fail(reason);
          }
        };
        settled = true;
        resolve(response);
      } else if (kind === "drain") {
        const wake = ctl.onDrain;
        ctl.onDrain = null;
        if (wake) wake();
      } else if (kind === "data") {
        if (source !== null) source.push(a);
      } else if (kind === "end") {
        if (source !== null) source.end();
        else finish(makeNetworkError("other side closed"));
      } else if (kind === "error") {
        const err = netError(a && a.code, a && a.message);
        if (source !== null) {
          source.fail(new TypeError("terminated", { cause: err }));
          ctl.onAbort = null;
        } else {
          finish(makeNetworkError(err));
        }
      }
    };

    const body = request.body;
    const start = (bytes, streamed) => {
      if (ctl.state !== "ongoing") {
        finish(appropriateNetworkError(ctl));
        return -1;
      }
      const opts = { method: request.method, url: serializeURL(url, true), headers, body: bytes, decode: true };
      if (streamed) opts.stream = true;
      try {
        id = net.request(opts, onEvent);
      } catch (err) {
        finish(makeNetworkError(err));
        return -1;
      }
      ctl.netId = id;
      ctl.onAbort = (reason) => {
        net.abort(id);
        finish(appropriateNetworkError(ctl, reason));
      };
      return id;
    };

    if (body == null) {
      start(null, false);
    } else if (body.source != null) {
      readAllBytes(body).then((bytes) => start(bytes, false), (err) => finish(makeNetworkError(err)));
    } else {
      if (start(null, true) === -1) return;
      pumpRequestBody(ctl, net, id, body, (err) => {
        if (ctl.state !== "ongoing") return;
        net.abort(id);
        if (source !== null) source.fail(new TypeError("terminated", { cause: err }));
        else finish(makeNetworkError(err));
      });
    }
  });
}

// A streamed request body, chunk by chunk to host.net.write, then end.
async function pumpRequestBody(ctl, net, id, body, onError) {
  const reader = body.stream !== null ? body.stream.getReader() : null;
  if (reader !== null) disturbedStreams.add(body.stream);
  const producer = reader === null ? takeProducer(body) : null;
  body.consumed = true;
  ctl.requestReader = reader ?? producer;
  try {
    for (;;) {
      const { done: finished, value } = reader !== null ? await reader.read() : await producer.next();
      if (ctl.state !== "ongoing" || ctl.netId !== id) return;
      if (finished) break;
      if (!(value instanceof Uint8Array)) throw new TypeError("Received non-Uint8Array chunk");
      if (value.byteLength !== 0 && net.write(id, value) > 262144)
        await new Promise((resolve) => { ctl.onDrain = resolve; });
    }
    net.end(id);
  } catch (err) {
    onError(err);
  }
}

// The response body as it arrives: a queue the body's producer reads,
// pausing the transfer while more than kHighWater bytes wait.
class NetSource {
  constructor(net, id) {
    this.net = net;
    this.id = id;
    this.queue = [];
    this.size = 0;
    this.paused = false;
    this.finished = false; // "end" or an error came
    this.drained = false; // the reader saw the end
    this.failure = null;
    this.failed = false;
    this.canceled = false;
    this.waiter = null;
    this.ctl = null;
  }

  push(chunk) {
    if (this.canceled || this.finished) return;
    if (this.waiter !== null) {
      const waiter = this.waiter;
      this.waiter = null;
      waiter.resolve({ done: false, value: chunk });
      return;
    }
    this.queue.push(chunk);
    this.size += chunk.byteLength;
    if (!this.paused && this.size >= kHighWater) {
      this.paused = true;
      this.net.pause(this.id);
    }
  }

  end() {
    if (this.finished) return;
    this.finished = true;
    if (this.waiter !== null && this.queue.length === 0) {
      const waiter = this.waiter;
      this.waiter = null;
      this.drained = true;
      waiter.resolve(done);
    }
  }

  fail(err) {
    if (this.drained || this.failed) return;
    this.finished = true;
    this.failed = true;
    this.failure = err;
    this.queue = [];
    this.size = 0;
    if (this.waiter !== null) {
      const waiter = this.waiter;
      this.waiter = null;
      waiter.reject(err);
    }
  }

  next() {
    if (this.queue.length !== 0) {
      const chunk = this.queue.shift();
      this.size -= chunk.byteLength;
      if (this.paused && this.size < kHighWater / 2 && !this.finished) {
        this.paused = false;
        this.net.resume(this.id);
      }
      return Promise.resolve({ done: false, value: chunk });
    }
    if (this.failed) return Promise.reject(this.failure);
    if (this.finished || this.canceled) {
      this.drained = true;
      return Promise.resolve(done);
    }
    if (this.paused) {
      this.paused = false;
      this.net.resume(this.id);
    }
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  cancel() {
    if (!this.canceled) {
      this.canceled = true;
      this.queue = [];
      this.size = 0;
      if (!this.finished) this.net.abort(this.id);
      this.finished = true;
    }
    return Promise.resolve();
  }
}

// Drop a response whose body nobody will read (a redirect being followed).
function discardBody(response) {
  const body = response.body;
  if (body !== null && body.producer !== null) body.producer.cancel();
}

// https://fetch.spec.whatwg.org/#http-network-or-cache-fetch
async function httpNetworkOrCacheFetch(ctl, request, isNewConnectionFetch = false) {
  const httpRequest = makeRequest({ ...request, body: null });
  httpRequest.body = request.body;
  const list = httpRequest.headersList;
  const contentLength = httpRequest.body ? httpRequest.body.length : null;
  let contentLengthValue = null;
  if (httpRequest.body == null && (httpRequest.method === "POST" || httpRequest.method === "PUT")) contentLengthValue = "0";
  if (contentLength != null) contentLengthValue = `${contentLength}`;
  if (contentLengthValue != null) list.set("content-length", contentLengthValue, true);
  if (httpRequest.referrer instanceof (URLClass())) list.append("referer", httpRequest.referrer.href, true);
  list.set("sec-fetch-mode", httpRequest.mode, true);
  if (!list.contains("user-agent", true)) list.append("user-agent", "node", true);
  if (httpRequest.cache === "default" &&
      (list.contains("if-modified-since", true) || list.contains("if-none-match", true) ||
       list.contains("if-unmodified-since", true) || list.contains("if-match", true) ||
       list.contains("if-range", true))) {
    httpRequest.cache = "no-store";
  }
  if (httpRequest.cache === "no-cache" && !list.contains("cache-control", true)) {
    list.append("cache-control", "max-age=0", true);
  }
  if (httpRequest.cache === "no-store" || httpRequest.cache === "reload") {
    if (!list.contains("pragma", true)) list.append("pragma", "no-cache", true);
    if (!list.contains("cache-control", true)) list.append("cache-control", "no-cache", true);
  }
  if (list.contains("range", true)) list.append("accept-encoding", "identity", true);
  if (!list.contains("accept-encoding", true)) {
    list.append("accept-encoding", currentURL(httpRequest).protocol === "https:" ? "br, gzip, deflate" : "gzip, deflate", true);
  }
  list.delete("host", true);
  if (httpRequest.cache === "only-if-cached") return makeNetworkError("only if cached");

  let response = await httpNetworkFetch(ctl, httpRequest);
  if (response.type === "error") return response;
  response.urlList = [...httpRequest.urlList];
  if (list.contains("range", true)) response.rangeRequested = true;
  if (response.status === 407) {
    discardBody(response);
    return makeNetworkError();
  }
  if (response.status === 421 && !isNewConnectionFetch && (request.body == null || request.body.source != null)) {
    if (ctl.state !== "ongoing") return appropriateNetworkError(ctl);
    discardBody(response);
    if (request.body != null) request.body = reextractBody(request.body);
    response = await httpNetworkOrCacheFetch(ctl, request, true);
  }
  return response;
}

// https://fetch.spec.whatwg.org/#concept-response-location-url
function locationURL(response, requestFragment) {
  if (!redirectStatuses.has(response.status)) return null;
  let location = response.headersList.get("location", true);
  if (location !== null && isValidHeaderValue(location)) {
    if (/[^\x20-\x7e]/.test(location)) {
      const bytes = new Uint8Array(location.length);
      for (let i = 0; i < location.length; i++) bytes[i] = location.charCodeAt(i);
      location = utf8DecodeKeepBOM(bytes);
    }
    location = new (URLClass())(location, serializeURL(currentURLOf(response)));
  }
  if (location && !location.hash) location.hash = requestFragment;
  return location;
}

function currentURLOf(response) {
  return response.urlList[response.urlList.length - 1];
}

// https://fetch.spec.whatwg.org/#http-redirect-fetch
function httpRedirectFetch(ctl, request, response) {
  let location;
  try {
    location = locationURL(response, currentURL(request).hash);
    if (location == null) return response;
  } catch (err) {
    discardBody(response);
    return makeNetworkError(err);
  }
  discardBody(response);
  if (!isHttpScheme(location)) return makeNetworkError("URL scheme must be a HTTP(S) scheme");
  if (request.redirectCount === 20) return makeNetworkError("redirect count exceeded");
  request.redirectCount += 1;
  if (request.mode === "cors" && (location.username || location.password)) {
    return makeNetworkError('cross origin not allowed for request mode "cors"');
  }
  if (request.responseTainting === "cors" && (location.username || location.password)) {
    return makeNetworkError('URL cannot contain credentials for request mode "cors"');
  }
  if (response.status !== 303 && request.body != null && request.body.source == null) return makeNetworkError();
  if (([301, 302].includes(response.status) && request.method === "POST") ||
      (response.status === 303 && request.method !== "GET" && request.method !== "HEAD")) {
    request.method = "GET";
    request.body = null;
    for (const name of requestBodyHeaders) request.headersList.delete(name, true);
  }
  if (!sameOrigin(currentURL(request), location)) {
    request.headersList.delete("authorization", true);
    request.headersList.delete("proxy-authorization", true);
    request.headersList.delete("cookie", true);
    request.headersList.delete("host", true);
  }
  if (request.body != null) request.body = reextractBody(request.body);
  request.urlList.push(location);
  return mainFetch(ctl, request, true);
}

// https://fetch.spec.whatwg.org/#http-fetch
async function httpFetch(ctl, request) {
  let response = await httpNetworkOrCacheFetch(ctl, request);
  if (response.type === "error") return response;
  if (redirectStatuses.has(response.status)) {
    if (request.redirect === "error") {
      discardBody(response);
      response = makeNetworkError("unexpected redirect");
    } else if (request.redirect === "follow") {
      response = await httpRedirectFetch(ctl, request, response);
    }
  }
  return response;
}

// https://fetch.spec.whatwg.org/#scheme-fetch
async function schemeFetch(ctl, request) {
  if (ctl.state !== "ongoing" && request.redirectCount === 0) return appropriateNetworkError(ctl);
  const url = currentURL(request);
  switch (url.protocol) {
    case "about:":
      return makeNetworkError("about scheme is not supported");
    case "blob:":
      if (url.search.length !== 0) return makeNetworkError("NetworkError when attempting to fetch resource.");
      // No object URLs exist here (URL.createObjectURL is not provided).
      return makeNetworkError("invalid method");
    case "data:": {
      const data = processDataURL(url);
      if (data === "failure") return makeNetworkError("failed to fetch the data URL");
      const response = makeResponse({ statusText: "OK" });
      response.headersList.append("Content-Type", serializeMIMEType(data.mimeType), false);
      response.body = extractBody(data.body)[0];
      return response;
    }
    case "file:":
      return makeNetworkError("not implemented... yet...");
    case "http:":
    case "https:":
      try {
        return await httpFetch(ctl, request);
      } catch (err) {
        return makeNetworkError(err);
      }
    default:
      return makeNetworkError("unknown scheme");
  }
}

// https://fetch.spec.whatwg.org/#concept-main-fetch
async function mainFetch(ctl, request, recursive = false) {
  let response = null;
  const url = currentURL(request);
  if (isHttpScheme(url) && badPorts.has(url.port)) response = makeNetworkError("bad port");
  if (request.referrerPolicy === "") request.referrerPolicy = "strict-origin-when-cross-origin";
  if (request.referrer !== "no-referrer") request.referrer = determineReferrer(request);
  if (response === null) {
    if ((sameOrigin(url, request.url) && request.responseTainting === "basic") ||
        url.protocol === "data:" || request.mode === "navigate" || request.mode === "websocket") {
      request.responseTainting = "basic";
      response = await schemeFetch(ctl, request);
    } else if (request.mode === "same-origin") {
      response = makeNetworkError('request mode cannot be "same-origin"');
    } else if (request.mode === "no-cors") {
      if (request.redirect !== "follow") {
        response = makeNetworkError('redirect mode cannot be "follow" for "no-cors" request');
      } else {
        request.responseTainting = "opaque";
        response = await schemeFetch(ctl, request);
      }
    } else if (!isHttpScheme(url)) {
      response = makeNetworkError("URL scheme must be a HTTP(S) scheme");
    } else {
      request.responseTainting = "cors";
      response = await httpFetch(ctl, request);
    }
  }
  if (recursive) return response;

  if (response.status !== 0 && !response.filtered) {
    response.filtered = true;
    response.type = request.responseTainting;
    if (request.responseTainting === "opaque") {
      discardBody(response);
      response.urlList = [];
      response.status = 0;
      response.statusText = "";
      response.body = null;
    }
  }
  if (response.urlList.length === 0 && response.type !== "opaque") response.urlList.push(...request.urlList);
  if (response.status !== 0 &&
      (request.method === "HEAD" || request.method === "CONNECT" || nullBodyStatuses.includes(response.status))) {
    discardBody(response);
    response.body = null;
  }
  if (request.integrity) {
    if (request.responseTainting === "opaque" || response.body == null) return makeNetworkError(response.error);
    let bytes;
    try {
      bytes = await readAllBytes(response.body);
    } catch (err) {
      return makeNetworkError(err);
    }
    if (!bytesMatch(bytes, request.integrity)) return makeNetworkError("integrity mismatch");
    response.body = extractBody(bytes)[0];
  }
  return response;
}

// https://fetch.spec.whatwg.org/#fetch-method
function fetch(input, init = undefined) {
  return new Promise((resolve, reject) => {
    let requestObject;
    try {
      requestObject = new Request(input, init);
    } catch (err) {
      reject(err);
      return;
    }
    const request = requestState(requestObject);
    const signal = requestObject.signal;
    if (signal.aborted) {
      if (request.body != null) cancelBody(request.body, signal.reason);
      reject(signal.reason);
      return;
    }
    // The fetch controller.
    const ctl = { state: "ongoing", netId: -1, onAbort: null, source: null, requestReader: null, abortReason: undefined,
      request: requestObject };
    let responseObject = null;
    let locallyAborted = false;
    const onAbort = () => {
      locallyAborted = true;
      const reason = signal.reason;
      if (ctl.state === "ongoing") {
        ctl.state = "aborted";
        ctl.abortReason = reason;
        if (ctl.onAbort !== null) ctl.onAbort(reason);
        if (ctl.requestReader !== null) Promise.resolve(ctl.requestReader.cancel(reason)).catch(() => {});
      }
      reject(reason);
      if (request.body != null && ctl.requestReader === null) cancelBody(request.body, reason);
      // A body that arrived whole but was not read yet is cancelled (an
      // errored or locked one is left as it is).
      if (responseObject !== null) {
        const state = responseState(responseObject);
        const body = state.body;
        if (body !== null && !state.aborted && !bodyDisturbed(body)) {
          if (body.stream !== null) {
            if (!body.stream.locked) body.stream.cancel(reason).catch(() => {});
          } else {
            body.consumed = true;
            if (body.producer !== null) body.producer.cancel(reason);
          }
        }
      }
    };
    signal.addEventListener("abort", onAbort, { once: true });

    if (!request.headersList.contains("accept", true)) request.headersList.append("accept", "*/*", true);
    if (!request.headersList.contains("accept-language", true)) request.headersList.append("accept-language", "*", true);
    if (request.window === "client") request.window = "no-window";

    mainFetch(ctl, request).then((response) => {
      if (locallyAborted) {
        discardBody(response);
        return;
      }
      if (response.aborted) {
        reject(ctl.abortReason);
        return;
      }
      if (response.type === "error") {
        signal.removeEventListener("abort", onAbort);
        reject(new TypeError("fetch failed", { cause: response.error }));
        return;
      }
      responseObject = makeResponseObject(response, "immutable");
      resolve(responseObject);
    }, (err) => {
      reject(new TypeError("fetch failed", { cause: err }));
    });
  });
}

exports.fetch = fetch;
exports.Headers = Headers;
exports.Request = Request;
exports.Response = Response;
exports.FormData = FormData;
