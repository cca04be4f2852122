// fetch_headers.js - the Headers class of the Fetch API (see fetch.js) and
// the header list under it (HeadersList), with its guard.
"use strict";

const {
  checkArgs, exception, illegalInvocation, inspectFn, isObject, isValidHeaderName,
  isValidHeaderValue, iteratorMixin, kConstruct, kInspect, nestedOptions, normalizeHeaderValue,
  setEnumerable, setTag, stringify, toByteString,
} = require("fetch_util");

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

Object.assign(exports, {
  Headers, HeadersList, convertHeadersInit, fillHeaders, guardOf, makeHeaders, setGuard,
});
