// url.js: the WHATWG URL Standard (https://url.spec.whatwg.org/) as Node 22
// exposes it: URL, URLSearchParams, and parseHost() for the network layer.
//
// Written from the specification. The parser is the spec's "basic URL parser"
// state machine, run over an array of code points; state names and step
// comments follow the spec so the two can be read side by side.
//
// Where Node (whose URL is the `ada` library) is older than the living
// standard, we follow Node:
//   - the path percent-encode set does not contain "^";
//   - an opaque path keeps a space before "?"/"#" as a literal space, and
//     clearing search/hash strips trailing spaces from the opaque path
//     ("potentially strip trailing spaces from an opaque path");
//   - blob: URLs have a tuple origin only when the inner URL is http(s).
// Where Node departs from the standard in ways that look like plain bugs, we
// follow the standard (tests/lib/url_vs_node.js lists them): ".." emptying a
// non-special URL's path, relative references with a query against an
// opaque-path base, the host setter on non-special URLs, and the port
// setter with values like "a1".
//
// IDNA (UTS #46 ToASCII) and Punycode are url_idna.js, whose head comment
// says which subset is implemented.
//
// The parts: url_parser.js (percent-encoding, hosts, the basic URL parser
// and the serializers), url_idna.js (loaded on first use) and
// url_search_params.js; this file is the URL class.

"use strict";

const {
  FAILURE, S, USERINFO_SET, basicParse, cannotHaveUsernamePasswordPort, encodeString, hasOpaquePath,
  parseHostInternal, parseIPv6, serializeIPv6, serializeOrigin, serializePath, serializeURL,
  stripTrailingSpacesFromOpaquePath, toUSV, usv,
} = require("url_parser");
const {
  ParamsState, URLSearchParams, getInspect, inspectSymbol, paramsState,
} = require("url_search_params");

// ---------------------------------------------------------------------------
// Errors, as Node's (the shared helpers in web_errors.js)

const { codedError, invalidThis, missingArgs } = require("web_errors");

function invalidURL(input, base) {
  const e = codedError(TypeError, "ERR_INVALID_URL", "Invalid URL");
  e.input = input;
  if (base !== undefined) e.base = base;
  return e;
}

// ---------------------------------------------------------------------------
// URL

const urlStates = new WeakMap(); // URL -> { rec, params }

function getURL(self) {
  const st = urlStates.get(self);
  if (st === undefined) throw invalidThis("URL");
  return st;
}

// The URL's searchParams object, made on first use.
function getSearchParams(st) {
  if (st.params === null) {
    const params = new URLSearchParams();
    paramsState.set(params, new ParamsState(null, st));
    st.params = params;
  }
  return st.params;
}

// After the URL's query changed other than through its searchParams.
function queryChanged(st) {
  if (st.params !== null) paramsState.get(st.params).list = null;
}

// Parse `input` (and `base`) the way the URL constructor does.
function parseWithBase(input, base) {
  let baseRec = null;
  if (base !== undefined) {
    baseRec = basicParse(toUSV(base), null);
    if (baseRec === FAILURE) return FAILURE;
  }
  return basicParse(toUSV(input), baseRec);
}

class URL {
  constructor(url, base = undefined) {
    if (arguments.length === 0) throw missingArgs("url");
    url = `${url}`;
    if (base !== undefined) base = `${base}`;
    const rec = parseWithBase(url, base);
    if (rec === FAILURE) throw invalidURL(url, base);
    urlStates.set(this, { rec, params: null });
  }

  static parse(url, base = undefined) {
    if (arguments.length === 0) throw missingArgs("url");
    url = `${url}`;
    if (base !== undefined) base = `${base}`;
    const rec = parseWithBase(url, base);
    if (rec === FAILURE) return null;
    const obj = Object.create(URL.prototype);
    urlStates.set(obj, { rec, params: null });
    return obj;
  }

  static canParse(url, base = undefined) {
    if (arguments.length === 0) throw missingArgs("url");
    url = `${url}`;
    if (base !== undefined) base = `${base}`;
    return parseWithBase(url, base) !== FAILURE;
  }

  toString() {
    return serializeURL(getURL(this).rec, false);
  }

  get href() {
    return serializeURL(getURL(this).rec, false);
  }

  set href(value) {
    const st = getURL(this);
    value = `${value}`;
    const rec = basicParse(toUSV(value), null);
    if (rec === FAILURE) throw invalidURL(value);
    st.rec = rec;
    queryChanged(st);
  }

  get origin() {
    return serializeOrigin(getURL(this).rec);
  }

  get protocol() {
    return getURL(this).rec.scheme + ":";
  }

  set protocol(value) {
    const st = getURL(this);
    basicParse(usv(value) + ":", null, st.rec, S.SCHEME_START);
  }

  get username() {
    return getURL(this).rec.username;
  }

  set username(value) {
    const st = getURL(this);
    value = usv(value);
    if (cannotHaveUsernamePasswordPort(st.rec)) return;
    st.rec.username = encodeString(value, USERINFO_SET, false);
  }

  get password() {
    return getURL(this).rec.password;
  }

  set password(value) {
    const st = getURL(this);
    value = usv(value);
    if (cannotHaveUsernamePasswordPort(st.rec)) return;
    st.rec.password = encodeString(value, USERINFO_SET, false);
  }

  get host() {
    const rec = getURL(this).rec;
    if (rec.host === null) return "";
    return rec.port === null ? rec.host : rec.host + ":" + rec.port;
  }

  set host(value) {
    const st = getURL(this);
    value = usv(value);
    if (hasOpaquePath(st.rec)) return;
    setterParse(st, value, S.HOST);
  }

  get hostname() {
    const rec = getURL(this).rec;
    return rec.host === null ? "" : rec.host;
  }

  set hostname(value) {
    const st = getURL(this);
    value = usv(value);
    if (hasOpaquePath(st.rec)) return;
    setterParse(st, value, S.HOSTNAME);
  }

  get port() {
    const rec = getURL(this).rec;
    return rec.port === null ? "" : String(rec.port);
  }

  set port(value) {
    const st = getURL(this);
    value = usv(value);
    if (cannotHaveUsernamePasswordPort(st.rec)) return;
    if (value === "") st.rec.port = null;
    else setterParse(st, value, S.PORT);
  }

  get pathname() {
    return serializePath(getURL(this).rec);
  }

  set pathname(value) {
    const st = getURL(this);
    value = usv(value);
    if (hasOpaquePath(st.rec)) return;
    const saved = st.rec.path;
    st.rec.path = [];
    if (basicParse(value, null, st.rec, S.PATH_START) === FAILURE) st.rec.path = saved;
  }

  get search() {
    const q = getURL(this).rec.query;
    return q === null || q === "" ? "" : "?" + q;
  }

  set search(value) {
    const st = getURL(this);
    value = usv(value);
    const rec = st.rec;
    if (value === "") {
      rec.query = null;
      queryChanged(st);
      stripTrailingSpacesFromOpaquePath(rec);
      return;
    }
    const input = value[0] === "?" ? value.slice(1) : value;
    rec.query = "";
    basicParse(input, null, rec, S.QUERY);
    queryChanged(st);
  }

  get searchParams() {
    return getSearchParams(getURL(this));
  }

  get hash() {
    const f = getURL(this).rec.fragment;
    return f === null || f === "" ? "" : "#" + f;
  }

  set hash(value) {
    const st = getURL(this);
    value = usv(value);
    const rec = st.rec;
    if (value === "") {
      rec.fragment = null;
      stripTrailingSpacesFromOpaquePath(rec);
      return;
    }
    const input = value[0] === "#" ? value.slice(1) : value;
    rec.fragment = "";
    basicParse(input, null, rec, S.FRAGMENT);
  }

  toJSON() {
    return serializeURL(getURL(this).rec, false);
  }

  // What Node prints for console.log(url): URL { href: '...', origin: ..., ... }
  [inspectSymbol](depth, options, inspect) {
    if (!urlStates.has(this)) return this;
    if (typeof depth === "number" && depth < 0) return this;
    const insp = getInspect(inspect);
    const obj = {
      href: this.href,
      origin: this.origin,
      protocol: this.protocol,
      username: this.username,
      password: this.password,
      host: this.host,
      hostname: this.hostname,
      port: this.port,
      pathname: this.pathname,
      search: this.search,
      searchParams: this.searchParams,
      hash: this.hash,
    };
    const name = this.constructor && this.constructor.name || "URL";
    return `${name} ${insp(obj, options)}`;
  }
}

// Setters run the parser with a state override on the record in place, as
// the spec does: "example.com:65536" as host sets the host, then fails on
// the port and leaves the host set.
function setterParse(st, value, stateOverride) {
  basicParse(value, null, st.rec, stateOverride);
}

Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: "URL", configurable: true });
for (const k of ["toString", "href", "origin", "protocol", "username", "password", "host",
  "hostname", "port", "pathname", "search", "searchParams", "hash", "toJSON"]) {
  const d = Object.getOwnPropertyDescriptor(URL.prototype, k);
  d.enumerable = true;
  Object.defineProperty(URL.prototype, k, d);
}
for (const k of ["parse", "canParse"]) {
  const d = Object.getOwnPropertyDescriptor(URL, k);
  d.enumerable = true;
  Object.defineProperty(URL, k, d);
}

// ---------------------------------------------------------------------------
// parseHost for the network layer: the URL host parser for a special URL.
// Returns { type: "ipv4" | "ipv6" | "domain" | "opaque", value } with value
// the canonical serialisation (IPv6 without brackets, whether given with or
// without them), or null when the string is not a valid host.
//
// With opaque = true the string is parsed as a non-special URL's host would
// be (type "opaque" for anything that is not an IPv6 literal).
function parseHost(input, opaque = false) {
  input = toUSV(`${input}`);
  if (input === "") return null;
  if (opaque) return parseHostInternal(input, true);
  if (!input.startsWith("[") && input.indexOf(":") !== -1) {
    // A bare IPv6 literal, as network APIs take it.
    const a = parseIPv6(input);
    return a === null ? null : { type: "ipv6", value: serializeIPv6(a) };
  }
  return parseHostInternal(input, false);
}

exports.URL = URL;
exports.URLSearchParams = URLSearchParams;
exports.parseHost = parseHost;
