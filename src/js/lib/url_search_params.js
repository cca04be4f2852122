// url_search_params.js - URLSearchParams of the URL Standard (see url.js):
// the application/x-www-form-urlencoded parser and serializer, the list a
// URL's searchParams shares with its query, and the class and its iterator.
"use strict";

const { codedError, invalidArgType, invalidThis, missingArgs } = require("web_errors");
const {
  FORM_SET, encodeString, percentDecodeToString, stripTrailingSpacesFromOpaquePath, usv,
} = require("url_parser");

// ---------------------------------------------------------------------------
// URLSearchParams

// application/x-www-form-urlencoded parser: returns [[name, value], ...].
function parseUrlencoded(input) {
  const out = [];
  if (input === "") return out;
  for (const seq of input.split("&")) {
    if (seq === "") continue;
    const eq = seq.indexOf("=");
    const name = eq === -1 ? seq : seq.slice(0, eq);
    const value = eq === -1 ? "" : seq.slice(eq + 1);
    out.push([percentDecodeToString(name, true), percentDecodeToString(value, true)]);
  }
  return out;
}

function serializeUrlencoded(list) {
  let out = "";
  for (let i = 0; i < list.length; i++) {
    if (i > 0) out += "&";
    out += encodeString(list[i][0], FORM_SET, true) + "=" + encodeString(list[i][1], FORM_SET, true);
  }
  return out;
}

// Internal state, kept out of reach of guest code.
const paramsState = new WeakMap(); // URLSearchParams -> ParamsState

// The list of a URLSearchParams. For one that belongs to a URL it is parsed
// from the URL's query when first needed after the query changed (setting
// `list` to null marks it stale). Parsing the percent-encoded query gives
// the same list as parsing the setter's raw input, which is what the spec
// does, because percent-encoding never creates a new "%XX" sequence.
class ParamsState {
  constructor(list, url) {
    this._list = list;
    this.url = url; // URL state or null
  }

  get list() {
    if (this._list === null) {
      const q = this.url.rec.query;
      this._list = q === null ? [] : parseUrlencoded(q);
    }
    return this._list;
  }

  set list(v) {
    this._list = v;
  }
}

function getParams(self) {
  const st = paramsState.get(self);
  if (st === undefined) throw invalidThis("URLSearchParams");
  return st;
}

// The URLSearchParams "update" steps: write the list back to the URL.
function updateParams(st) {
  if (st.url === null) return;
  const rec = st.url.rec;
  const q = serializeUrlencoded(st.list);
  rec.query = q === "" ? null : q;
  if (rec.query === null) stripTrailingSpacesFromOpaquePath(rec);
}

const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));

const inspectSymbol = Symbol.for("nodejs.util.inspect.custom");

function getInspect(inspect) {
  return typeof inspect === "function" ? inspect : require("inspect").inspect;
}

class URLSearchParams {
  constructor(init = undefined) {
    const list = [];
    if (init === undefined || init === null) {
      // empty
    } else if (typeof init === "object" || typeof init === "function") {
      const method = init[Symbol.iterator];
      if (method != null) {
        if (typeof method !== "function") {
          throw codedError(TypeError, "ERR_ARG_NOT_ITERABLE", "Query pairs must be iterable");
        }
        for (const pair of init) {
          if (pair == null || (typeof pair !== "object" && typeof pair !== "function") ||
              typeof pair[Symbol.iterator] !== "function") {
            throw codedError(TypeError, "ERR_INVALID_TUPLE",
              "Each query pair must be an iterable [name, value] tuple");
          }
          const converted = [];
          for (const el of pair) converted.push(usv(el));
          if (converted.length !== 2) {
            throw codedError(TypeError, "ERR_INVALID_TUPLE",
              "Each query pair must be an iterable [name, value] tuple");
          }
          list.push(converted);
        }
      } else {
        // A record<USVString, USVString>: own enumerable keys; when two keys
        // convert to the same USV string the later value wins in place.
        const index = new Map();
        for (const key of Reflect.ownKeys(init)) {
          const desc = Reflect.getOwnPropertyDescriptor(init, key);
          if (desc === undefined || !desc.enumerable) continue;
          const k = usv(key);
          const v = usv(init[key]);
          if (index.has(k)) list[index.get(k)][1] = v;
          else { index.set(k, list.length); list.push([k, v]); }
        }
      }
    } else {
      let s = usv(init);
      if (s.startsWith("?")) s = s.slice(1);
      for (const pair of parseUrlencoded(s)) list.push(pair);
    }
    paramsState.set(this, new ParamsState(list, null));
  }

  get size() {
    return getParams(this).list.length;
  }

  append(name, value) {
    const st = getParams(this);
    if (arguments.length < 2) throw missingArgs("name", "value");
    st.list.push([usv(name), usv(value)]);
    updateParams(st);
  }

  delete(name, value = undefined) {
    const st = getParams(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = usv(name);
    if (value !== undefined) {
      value = usv(value);
      st.list = st.list.filter((p) => !(p[0] === name && p[1] === value));
    } else {
      st.list = st.list.filter((p) => p[0] !== name);
    }
    updateParams(st);
  }

  get(name) {
    const st = getParams(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = usv(name);
    for (const p of st.list) if (p[0] === name) return p[1];
    return null;
  }

  getAll(name) {
    const st = getParams(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = usv(name);
    const out = [];
    for (const p of st.list) if (p[0] === name) out.push(p[1]);
    return out;
  }

  has(name, value = undefined) {
    const st = getParams(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = usv(name);
    if (value !== undefined) {
      value = usv(value);
      return st.list.some((p) => p[0] === name && p[1] === value);
    }
    return st.list.some((p) => p[0] === name);
  }

  set(name, value) {
    const st = getParams(this);
    if (arguments.length < 2) throw missingArgs("name", "value");
    name = usv(name);
    value = usv(value);
    // Set the first match's value and remove the other matches.
    let found = false;
    const out = [];
    for (const p of st.list) {
      if (p[0] !== name) out.push(p);
      else if (!found) { found = true; p[1] = value; out.push(p); }
    }
    if (!found) out.push([name, value]);
    st.list = out;
    updateParams(st);
  }

  sort() {
    const st = getParams(this);
    // Array.prototype.sort is stable; "<" on strings compares code units,
    // which is what the spec asks for.
    st.list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    updateParams(st);
  }

  entries() {
    return makeParamsIterator(this, "key+value");
  }

  forEach(callback, thisArg = undefined) {
    const st = getParams(this);
    if (typeof callback !== "function") throw invalidArgType("callback", "of type function", callback);
    // Live: the list is re-read after each call, as Node does.
    for (let i = 0; i < st.list.length; i++) {
      const p = st.list[i];
      callback.call(thisArg, p[1], p[0], this);
    }
  }

  keys() {
    return makeParamsIterator(this, "key");
  }

  values() {
    return makeParamsIterator(this, "value");
  }

  toString() {
    return serializeUrlencoded(getParams(this).list);
  }

  // What Node prints: URLSearchParams { 'a' => '1', 'b' => '2' }
  [inspectSymbol](depth, options, inspect) {
    const st = paramsState.get(this);
    if (st === undefined) return this;
    if (typeof depth === "number" && depth < 0) {
      return options && options.stylize ? options.stylize("[Object]", "special") : "[Object]";
    }
    const insp = getInspect(inspect);
    const inner = Object.assign({}, options);
    if (typeof depth === "number") inner.depth = depth - 1;
    const items = st.list.map((p) => `${insp(p[0], inner)} => ${insp(p[1], inner)}`);
    const name = this.constructor && this.constructor.name || "URLSearchParams";
    return formatBraces(name, items, options);
  }
}

// "Name { a, b }" on one line, or one item a line when wider than breakLength.
function formatBraces(name, items, options) {
  if (items.length === 0) return `${name} {}`;
  const breakLength = options && typeof options.breakLength === "number" ? options.breakLength : 80;
  // eslint-disable-next-line no-control-regex
  const visible = (s) => s.replace(/\u001b\[\d+(;\d+)*m/g, "").length;
  const width = items.reduce((n, s) => n + visible(s) + 2, -2);
  if (width > breakLength) return `${name} {\n  ${items.join(",\n  ")} }`;
  return `${name} { ${items.join(", ")} }`;
}

const iterState = new WeakMap(); // iterator -> { target, kind, index }

const URLSearchParamsIteratorPrototype = Object.create(IteratorPrototype, {
  next: {
    value: function next() {
      const it = iterState.get(this);
      if (it === undefined) throw invalidThis("URLSearchParamsIterator");
      const list = paramsState.get(it.target).list;
      if (it.index >= list.length) return { value: undefined, done: true };
      const p = list[it.index++];
      const value = it.kind === "key" ? p[0] : it.kind === "value" ? p[1] : [p[0], p[1]];
      return { value, done: false };
    },
    writable: true,
    enumerable: true,
    configurable: true,
  },
  [Symbol.toStringTag]: { value: "URLSearchParams Iterator", configurable: true },
  [inspectSymbol]: {
    // What Node prints: URLSearchParams Iterator { [ 'a', '1' ] }
    value: function (depth, options, inspect) {
      const it = iterState.get(this);
      if (it === undefined) return this;
      if (typeof depth === "number" && depth < 0) {
        return options && options.stylize ? options.stylize("[Object]", "special") : "[Object]";
      }
      const insp = getInspect(inspect);
      const inner = Object.assign({}, options);
      if (typeof depth === "number") inner.depth = depth - 1;
      const list = paramsState.get(it.target).list.slice(it.index);
      const items = list.map((p) => (it.kind === "key" ? p[0] : it.kind === "value" ? p[1] : [p[0], p[1]]));
      const strs = items.map((v) => insp(v, inner));
      // Node puts one item a line when the items, inspected as one array,
      // would not fit on a line; and leaves two spaces in "{  }" when empty.
      const multiline = insp(items, inner).indexOf("\n") !== -1;
      return "URLSearchParams Iterator {" +
        (multiline ? "\n  " + strs.join(",\n  ") : " " + strs.join(", ")) + " }";
    },
    writable: true,
    configurable: true,
  },
});

function makeParamsIterator(target, kind) {
  getParams(target);
  const it = Object.create(URLSearchParamsIteratorPrototype);
  iterState.set(it, { target, kind, index: 0 });
  return it;
}

Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, {
  value: URLSearchParams.prototype.entries,
  writable: true,
  configurable: true,
});
Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, {
  value: "URLSearchParams",
  configurable: true,
});
// Node makes the WebIDL members enumerable.
for (const k of ["size", "append", "delete", "get", "getAll", "has", "set", "sort", "entries",
  "forEach", "keys", "values", "toString"]) {
  const d = Object.getOwnPropertyDescriptor(URLSearchParams.prototype, k);
  d.enumerable = true;
  Object.defineProperty(URLSearchParams.prototype, k, d);
}

Object.assign(exports, { ParamsState, URLSearchParams, getInspect, inspectSymbol, paramsState });
