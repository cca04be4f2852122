// node_url.js - the `url` builtin: the WHATWG URL and URLSearchParams (from
// url.js), the file-URL and domain helpers, and the legacy API (url.parse,
// url.resolve, url.format, Url) with the legacy parser's behaviour, quirks
// included: backslashes before the query become slashes, "user@host" is
// always a host, non-host characters end the host and move to the path,
// the port is only digits, and so on.
//
// Written from Node's documentation and its observed behaviour.
//
// Known difference: the legacy parser sends non-ASCII host names (and
// "xn--" labels) through the WHATWG host parser of url.js for IDNA, which
// also rewrites a name that then ends in a number as an IPv4 address
// ("１.２" is "0.0.0.1"; Node keeps "1.2"). ASCII host names are kept as
// they are, as in Node.

"use strict";

const { URL, URLSearchParams, parseHost } = require("url");
const { codedError, invalidArgType, inspectValue, missingArgs, validatePlainObjectArg } = require("web_errors");

function querystring() {
  return require("node_querystring");
}

function invalidURL(input) {
  const err = codedError(TypeError, "ERR_INVALID_URL", "Invalid URL");
  err.input = input;
  return err;
}

let warnedPort = false;
function warnInvalidPort(input) {
  if (warnedPort) return;
  warnedPort = true;
  try {
    require("process").emitWarning(
      `The URL ${input} is invalid. Future versions of Node.js will throw an error.`,
      "DeprecationWarning", "DEP0170");
  } catch {
    // no process object: nothing to warn through
  }
}

// ---------------------------------------------------------------------------
// Domains

function hostOf(domain) {
  const text = `${domain}`;
  // A bare "::1" is no domain; only a bracketed IPv6 address is.
  if (!text.startsWith("[") && text.includes(":")) return null;
  return parseHost(text);
}

function domainToASCII(...args) {
  if (args.length === 0) throw missingArgs("domain");
  const h = hostOf(args[0]);
  if (h === null) return "";
  return h.type === "ipv6" ? `[${h.value}]` : h.value;
}

function domainToUnicode(...args) {
  if (args.length === 0) throw missingArgs("domain");
  const h = hostOf(args[0]);
  if (h === null) return "";
  if (h.type === "ipv6") return `[${h.value}]`;
  if (h.type !== "domain") return h.value;
  return h.value.split(".").map((label) => {
    if (!label.startsWith("xn--")) return label;
    const decoded = punycodeDecode(label.slice(4));
    return decoded === null ? label : decoded;
  }).join(".");
}

// RFC 3492 decoding of one label (without its "xn--"), or null.
function punycodeDecode(input) {
  const base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700;
  const out = [];
  let n = 128;
  let i = 0;
  let bias = 72;
  let basic = input.lastIndexOf("-");
  if (basic < 0) basic = 0;
  for (let j = 0; j < basic; j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return null;
    out.push(c);
  }
  const adapt = (delta, numPoints, first) => {
    delta = first ? Math.floor(delta / damp) : delta >> 1;
    delta += Math.floor(delta / numPoints);
    let k = 0;
    while (delta > ((base - tMin) * tMax) >> 1) {
      delta = Math.floor(delta / (base - tMin));
      k += base;
    }
    return k + Math.floor(((base - tMin + 1) * delta) / (delta + skew));
  };
  for (let pos = basic > 0 ? basic + 1 : 0; pos < input.length;) {
    const oldi = i;
    let w = 1;
    for (let k = base; ; k += base) {
      if (pos >= input.length) return null;
      const c = input.charCodeAt(pos++);
      let digit;
      if (c >= 48 && c <= 57) digit = c - 22;
      else if (c >= 65 && c <= 90) digit = c - 65;
      else if (c >= 97 && c <= 122) digit = c - 97;
      else return null;
      i += digit * w;
      const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
      if (digit < t) break;
      w *= base - t;
      if (w > 0x7fffffff) return null;
    }
    bias = adapt(i - oldi, out.length + 1, oldi === 0);
    n += Math.floor(i / (out.length + 1));
    i %= out.length + 1;
    if (n > 0x10ffff) return null;
    out.splice(i++, 0, n);
  }
  return String.fromCodePoint(...out);
}

// ---------------------------------------------------------------------------
// File URLs

function isURL(value) {
  return value instanceof URL ||
    (value !== null && typeof value === "object" && typeof value.href === "string" &&
     typeof value.protocol === "string" && value.auth === undefined && value.path === undefined);
}

function fileURLToPath(path, options) {
  const windows = options != null && options.windows != null ? Boolean(options.windows) : false;
  if (typeof path === "string") path = new URL(path);
  else if (!isURL(path)) throw invalidArgType("path", "of type string or an instance of URL", path);
  if (path.protocol !== "file:") throw codedError(TypeError, "ERR_INVALID_URL_SCHEME", "The URL must be of scheme file");
  return windows ? win32PathOf(path) : posixPathOf(path);
}

function posixPathOf(url) {
  if (url.hostname !== "") {
    throw codedError(TypeError, "ERR_INVALID_FILE_URL_HOST", 'File URL host must be "localhost" or empty on linux');
  }
  const pathname = url.pathname;
  if (/%2f/i.test(pathname)) {
    throw codedError(TypeError, "ERR_INVALID_FILE_URL_PATH", "File URL path must not include encoded / characters");
  }
  return decodeURIComponent(pathname);
}

function win32PathOf(url) {
  const hostname = url.hostname;
  let pathname = url.pathname;
  if (/%2f|%5c/i.test(pathname)) {
    throw codedError(TypeError, "ERR_INVALID_FILE_URL_PATH", "File URL path must not include encoded \\ or / characters");
  }
  pathname = decodeURIComponent(pathname.replace(/\//g, "\\"));
  if (hostname !== "") return `\\\\${domainToUnicode(hostname)}${pathname}`;
  const letter = pathname.codePointAt(1) | 0x20;
  if (letter < 0x61 || letter > 0x7a || pathname[2] !== ":") {
    throw codedError(TypeError, "ERR_INVALID_FILE_URL_PATH", "File URL path must be absolute");
  }
  return pathname.slice(1);
}

// The bytes of a file URL's path, percent-decoded but not read as UTF-8.
function fileURLToPathBuffer(path, options) {
  const windows = options != null && options.windows != null ? Boolean(options.windows) : false;
  if (typeof path === "string") path = new URL(path);
  else if (!isURL(path)) throw invalidArgType("path", "of type string or an instance of URL", path);
  if (path.protocol !== "file:") throw codedError(TypeError, "ERR_INVALID_URL_SCHEME", "The URL must be of scheme file");
  const { Buffer } = require("node_buffer");
  let raw = path.pathname;
  if (windows) {
    if (/%2f|%5c/i.test(raw)) {
      throw codedError(TypeError, "ERR_INVALID_FILE_URL_PATH", "File URL path must not include encoded \\ or / characters");
    }
    raw = raw.replace(/\//g, "\\");
    if (path.hostname !== "") raw = `\\\\${domainToUnicode(path.hostname)}${raw}`;
    else {
      const letter = raw.codePointAt(1) | 0x20;
      if (letter < 0x61 || letter > 0x7a || raw[2] !== ":") {
        throw codedError(TypeError, "ERR_INVALID_FILE_URL_PATH", "File URL path must be absolute");
      }
      raw = raw.slice(1);
    }
  } else {
    // (Node's fileURLToPathBuffer lets an encoded "/" through.)
    if (path.hostname !== "") {
      throw codedError(TypeError, "ERR_INVALID_FILE_URL_HOST", 'File URL host must be "localhost" or empty on linux');
    }
  }
  const bytes = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "%" && /^[0-9a-fA-F]{2}$/.test(raw.slice(i + 1, i + 3))) {
      bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(raw[i])) bytes.push(b);
    }
  }
  return Buffer.from(bytes);
}

// Characters of a path written percent-encoded in a file URL (besides
// the non-ASCII ones, written as UTF-8 bytes).
const PATH_ESCAPES = new Set([..."\"#%<>?[\\]^`{|}~ \x7f"]);
function encodeFilePath(path, windows) {
  let out = "";
  for (const ch of path.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd")) {
    const c = ch.codePointAt(0);
    if (windows && ch === "\\") out += "/";
    else if (c < 0x20 || PATH_ESCAPES.has(ch)) out += `%${c < 16 ? "0" : ""}${c.toString(16).toUpperCase()}`;
    else if (c >= 0x80) out += encodeURIComponent(ch);
    else out += ch;
  }
  return out;
}

function pathToFileURL(filepath, options) {
  if (typeof filepath !== "string") throw invalidArgType("path", "of type string", filepath);
  const windows = options != null && options.windows != null ? Boolean(options.windows) : false;
  const path = require("node_path").module;
  if (windows) {
    let p = filepath;
    if (p.startsWith("\\\\?\\")) p = p.slice(4); // a namespaced local path
    if (p.startsWith("\\\\")) {
      // \\server\share\resource
      const parts = p.slice(2).split("\\");
      if (parts.length < 2) {
        let shown = inspectValue(filepath);
        if (shown.length > 128) shown = `${shown.slice(0, 128)}...`;
        throw codedError(TypeError, "ERR_INVALID_ARG_VALUE",
          `The argument 'path' Missing UNC resource path. Received ${shown}`);
      }
      const hostname = domainToASCII(parts[0]) || parts[0];
      return new URL(`file://${hostname}/${encodeFilePath(parts.slice(1).join("\\"), true)}`);
    }
    let resolved = path.win32.resolve(p);
    const last = p.charCodeAt(p.length - 1);
    if ((last === 47 || last === 92) && !resolved.endsWith("\\")) resolved += "\\";
    const encoded = encodeFilePath(resolved, true);
    return new URL(encoded.startsWith("/") ? `file://${encoded}` : `file:///${encoded}`);
  }
  let resolved = path.posix.resolve(filepath);
  if (filepath.endsWith("/") && !resolved.endsWith("/")) resolved += "/";
  return new URL(`file://${encodeFilePath(resolved, false)}`);
}

function urlToHttpOptions(url) {
  const { hostname, pathname, port, username, password, search } = url;
  const options = {
    __proto__: null,
    ...url,
    protocol: url.protocol,
    hostname: typeof hostname === "string" && hostname.startsWith("[") ? hostname.slice(1, -1) : hostname,
    hash: url.hash,
    search,
    pathname,
    path: `${pathname || ""}${search || ""}`,
    href: url.href,
  };
  if (port !== "") options.port = Number(port);
  if (username || password) options.auth = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
  return options;
}

// ---------------------------------------------------------------------------
// The legacy Url

// Protocols (with and without their colon) that always have "//" and a
// host, and those that never have a host.
const SLASHED = new Set(["http", "http:", "https", "https:", "ftp", "ftp:", "gopher", "gopher:",
  "file", "file:", "ws", "ws:", "wss", "wss:"]);
const HOSTLESS = new Set(["javascript", "javascript:"]);

function Url() {
  this.protocol = null;
  this.slashes = null;
  this.auth = null;
  this.host = null;
  this.port = null;
  this.hostname = null;
  this.hash = null;
  this.search = null;
  this.query = null;
  this.pathname = null;
  this.path = null;
  this.href = null;
}

const isTrimmed = (c) => c < 33 || c === 0xa0 || c === 0xfeff;

// Characters a host name never holds (RFC 2396); they end the host.
const NON_HOST = new Set([..." \"%';<>\\^`{|}"]);
const HOST_END = new Set([..."#/?"]);
// Characters the path, query and hash get escaped even though
// encodeURIComponent would not.
const AUTO_ESCAPE = {
  "{": "%7B", "}": "%7D", "|": "%7C", "\\": "%5C", "^": "%5E", "`": "%60", "<": "%3C", ">": "%3E",
  "\"": "%22", " ": "%20", "\r": "%0D", "\n": "%0A", "\t": "%09", "'": "%27",
};
const AUTO_ESCAPE_RE = /[{}|\\^`<>" \r\n\t']/g;

const FORBIDDEN_HOST = /[\0\t\n\r #%/:<>?@[\\\]^|]/;
const FORBIDDEN_HOST_IPV6 = /[\0\t\n\r #%/<>?@\\^|]/;

// IDNA for the legacy parser, label by label: ASCII labels stay as they
// are (already lower case); "xn--" labels must decode; other labels go
// through the WHATWG host parser of url.js.
function legacyToASCII(hostname) {
  const out = [];
  for (const label of hostname.split(/[.\u3002\uff0e\uff61]/)) {
    // eslint-disable-next-line no-control-regex
    if (/^[\x00-\x7f]*$/.test(label) && !label.startsWith("xn--")) {
      out.push(label);
      continue;
    }
    const h = parseHost(label);
    if (h === null || h.type !== "domain") return "";
    out.push(h.value);
  }
  return out.join(".");
}

Url.prototype.parse = function parse(url, parseQueryString, slashesDenoteHost) {
  if (typeof url !== "string") throw invalidArgType("url", "of type string", url);

  // Trim, and turn "\" into "/" up to the first "?" or "#".
  let start = 0;
  let end = url.length;
  while (start < end && isTrimmed(url.charCodeAt(start))) start++;
  while (end > start && isTrimmed(url.charCodeAt(end - 1))) end--;
  let rest = url.slice(start, end);
  let split = rest.search(/[?#]/);
  if (split === -1) split = rest.length;
  const beforeSplit = rest.slice(0, split);
  const hasAt = beforeSplit.includes("@");
  const hasHash = rest.includes("#");
  if (beforeSplit.includes("\\")) rest = beforeSplit.replace(/\\/g, "/") + rest.slice(split);

  if (!slashesDenoteHost && !hasHash && !hasAt) {
    // A plain path, perhaps with a query.
    const simple = /^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/.exec(rest);
    if (simple !== null) {
      this.path = rest;
      this.href = rest;
      this.pathname = simple[1];
      if (simple[2]) {
        this.search = simple[2];
        this.query = parseQueryString ? querystring().parse(this.search.slice(1)) : this.search.slice(1);
      } else if (parseQueryString) {
        this.search = null;
        this.query = { __proto__: null };
      }
      return this;
    }
  }

  let proto = /^[a-z0-9.+-]+:/i.exec(rest);
  let lowerProto;
  if (proto !== null) {
    proto = proto[0];
    lowerProto = proto.toLowerCase();
    this.protocol = lowerProto;
    rest = rest.slice(proto.length);
  }

  let slashes = false;
  if (slashesDenoteHost || proto || /^\/\/[^@/]+@[^@/]+/.test(rest)) {
    slashes = rest.startsWith("//");
    if (slashes && !(proto && HOSTLESS.has(lowerProto))) {
      rest = rest.slice(2);
      this.slashes = true;
    }
  }

  // The set of slashed protocols is asked with the protocol as written:
  // "HTTP:x" has a host "x", "http:x" a path "x".
  if (!HOSTLESS.has(lowerProto) && (slashes || (proto && !SLASHED.has(proto)))) {
    rest = parseAuthority(this, rest, url);
  }

  if (!HOSTLESS.has(lowerProto)) rest = rest.replace(AUTO_ESCAPE_RE, (c) => AUTO_ESCAPE[c]);

  let question = -1;
  let hashAt = -1;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === "#") {
      this.hash = rest.slice(i);
      hashAt = i;
      break;
    }
    if (c === "?" && question === -1) question = i;
  }
  if (question !== -1) {
    const stop = hashAt === -1 ? rest.length : hashAt;
    this.search = rest.slice(question, stop);
    this.query = rest.slice(question + 1, stop);
    if (parseQueryString) this.query = querystring().parse(this.query);
  } else if (parseQueryString) {
    this.search = null;
    this.query = { __proto__: null };
  }
  const first = question !== -1 && (hashAt === -1 || question < hashAt) ? question : hashAt;
  if (first === -1) {
    if (rest.length > 0) this.pathname = rest;
  } else if (first > 0) {
    this.pathname = rest.slice(0, first);
  }
  if (SLASHED.has(lowerProto) && this.hostname && !this.pathname) this.pathname = "/";
  if (this.pathname || this.search) this.path = (this.pathname || "") + (this.search || "");
  this.href = this.format();
  return this;
};

// Takes "auth@host:port" off the front of `rest`; returns what follows.
function parseAuthority(self, rest, input) {
  // The host ends at the first "/", "?" or "#"; characters never allowed in
  // a host end it too, unless an "@" follows them (they were user info).
  // Tabs and line breaks up to that first "/", "?" or "#" are dropped.
  const stop = rest.search(/[/?#]/);
  const head = stop === -1 ? rest : rest.slice(0, stop);
  if (/[\t\n\r]/.test(head)) rest = head.replace(/[\t\n\r]/g, "") + (stop === -1 ? "" : rest.slice(stop));
  let hostEnd = -1;
  let at = -1;
  let nonHost = -1;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (HOST_END.has(c)) {
      if (nonHost === -1) nonHost = i;
      hostEnd = i;
      break;
    }
    if (NON_HOST.has(c)) {
      if (nonHost === -1) nonHost = i;
    } else if (c === "@") {
      at = i;
      nonHost = -1;
    }
  }
  let hostStart = 0;
  if (at !== -1) {
    self.auth = decodeURIComponent(rest.slice(0, at));
    hostStart = at + 1;
  }
  if (nonHost === -1) {
    self.host = rest.slice(hostStart);
    rest = "";
  } else {
    self.host = rest.slice(hostStart, nonHost);
    rest = rest.slice(nonHost);
  }
  self.parseHost();
  if (typeof self.hostname !== "string") self.hostname = "";

  const ipv6 = isBracketed(self.hostname);
  if (!ipv6) {
    // What follows a character that cannot be in a host name moves to the
    // path (a port that is not all digits, mostly).
    const bad = self.hostname.search(/[/\\#?:]/);
    if (bad !== -1) {
      warnInvalidPort(input);
      rest = `/${self.hostname.slice(bad)}${rest}`;
      self.hostname = self.hostname.slice(0, bad);
    }
  }
  self.hostname = self.hostname.length > 255 ? "" : self.hostname.toLowerCase();
  if (self.hostname !== "") {
    if (ipv6) {
      if (FORBIDDEN_HOST_IPV6.test(self.hostname)) throw invalidURL(input);
    } else {
      self.hostname = legacyToASCII(self.hostname);
      if (self.hostname === "" || FORBIDDEN_HOST.test(self.hostname)) throw invalidURL(input);
    }
  }
  self.host = (self.hostname || "") + (self.port ? `:${self.port}` : "");
  if (ipv6) {
    self.hostname = self.hostname.slice(1, -1);
    if (rest[0] !== "/") rest = `/${rest}`;
  }
  return rest;
}

function isBracketed(hostname) {
  return hostname.length > 1 && hostname[0] === "[" && hostname[hostname.length - 1] === "]";
}

// Splits this.host into hostname and port (digits only after the last ":").
Url.prototype.parseHost = function parseHost() {
  let host = this.host;
  const m = /:[0-9]*$/.exec(host);
  if (m !== null) {
    if (m[0] !== ":") this.port = m[0].slice(1);
    host = host.slice(0, host.length - m[0].length);
  }
  if (host) this.hostname = host;
};

// User info is written percent-encoded except for letters, digits,
// "!'()*-._~" and ":".
function escapeAuth(auth) {
  return querystring().escape(auth).replace(/%3A/g, ":");
}

Url.prototype.format = function format() {
  let auth = this.auth || "";
  if (auth) auth = `${escapeAuth(auth)}@`;
  let protocol = this.protocol || "";
  let pathname = this.pathname || "";
  let hash = this.hash || "";
  let host = "";
  let query = "";
  if (this.host) {
    host = auth + this.host;
  } else if (this.hostname) {
    const name = this.hostname;
    host = auth + (name.includes(":") && !isBracketed(name) ? `[${name}]` : name);
    if (this.port) host += `:${this.port}`;
  }
  if (this.query !== null && typeof this.query === "object") query = querystring().stringify(this.query);
  let search = this.search || (query && `?${query}`) || "";
  if (protocol && !protocol.endsWith(":")) protocol += ":";
  if (pathname.includes("#") || pathname.includes("?")) {
    pathname = pathname.replace(/[#?]/g, (c) => (c === "#" ? "%23" : "%3F"));
  }
  // Only the slashed protocols get "//" (others only when they had it).
  if (this.slashes || SLASHED.has(protocol)) {
    if (this.slashes || host) {
      if (pathname && pathname[0] !== "/") pathname = `/${pathname}`;
      host = `//${host}`;
    } else if (protocol.startsWith("file")) {
      host = "//";
    }
  }
  search = search.replace(/#/g, "%23");
  if (hash && hash[0] !== "#") hash = `#${hash}`;
  if (search && search[0] !== "?") search = `?${search}`;
  return protocol + host + pathname + search + hash;
};

Url.prototype.resolve = function resolve(relative) {
  return this.resolveObject(urlParse(relative, false, true)).format();
};

// Relative resolution in the legacy manner (RFC 1808 with Node's turns).
Url.prototype.resolveObject = function resolveObject(relative) {
  if (typeof relative === "string") {
    const parsed = new Url();
    parsed.parse(relative, false, true);
    relative = parsed;
  }
  const result = new Url();
  for (const key of Object.keys(this)) result[key] = this[key];
  // The hash always comes from the relative reference, even when empty.
  result.hash = relative.hash;
  if (relative.href === "") {
    result.href = result.format();
    return result;
  }

  // "//host/path": everything but the protocol from the reference.
  if (relative.slashes && !relative.protocol) {
    for (const key of Object.keys(relative)) {
      if (key !== "protocol") result[key] = relative[key];
    }
    if (SLASHED.has(result.protocol) && result.hostname && !result.pathname) {
      result.path = result.pathname = "/";
    }
    result.href = result.format();
    return result;
  }

  if (relative.protocol && relative.protocol !== result.protocol) {
    return resolveOtherProtocol(result, relative);
  }

  const sourceAbsolute = Boolean(result.pathname && result.pathname[0] === "/");
  const relativeAbsolute = Boolean(relative.host || (relative.pathname && relative.pathname[0] === "/"));
  let mustEndAbsolute = Boolean(relativeAbsolute || sourceAbsolute || (result.host && relative.pathname));
  const dropAllDots = mustEndAbsolute;
  let srcPath = (result.pathname && result.pathname.split("/")) || [];
  const relPath = (relative.pathname && relative.pathname.split("/")) || [];
  // For protocols without "//" the host is just the first part of the
  // path: "../.." may climb into it.
  const hostInPath = Boolean(result.protocol && !SLASHED.has(result.protocol));
  if (hostInPath) {
    result.hostname = "";
    result.port = null;
    if (result.host) {
      if (srcPath[0] === "") srcPath[0] = result.host;
      else srcPath.unshift(result.host);
    }
    result.host = "";
    if (relative.protocol) {
      // The reference names the protocol again: the base's user info goes.
      result.auth = null;
      relative.hostname = null;
      relative.port = null;
      if (relative.host) {
        if (relPath[0] === "") relPath[0] = relative.host;
        else relPath.unshift(relative.host);
      }
      relative.host = null;
    }
    mustEndAbsolute = mustEndAbsolute && (relPath[0] === "" || srcPath[0] === "");
  }

  if (relativeAbsolute) {
    if (relative.host || relative.host === "") {
      if (result.host !== relative.host) result.auth = null;
      result.host = relative.host;
      result.port = relative.port;
    }
    if (relative.hostname || relative.hostname === "") {
      if (result.hostname !== relative.hostname) result.auth = null;
      result.hostname = relative.hostname;
    }
    result.search = relative.search;
    result.query = relative.query;
    srcPath = relPath;
  } else if (relPath.length > 0) {
    // A relative path replaces the last part of the base path.
    srcPath.pop();
    srcPath = srcPath.concat(relPath);
    result.search = relative.search;
    result.query = relative.query;
  } else if (relative.search !== null && relative.search !== undefined) {
    // Only a query.
    if (hostInPath) {
      result.hostname = result.host = srcPath.shift();
      takeAuthFromHost(result);
    }
    result.search = relative.search;
    result.query = relative.query;
    if (result.pathname !== null || result.search !== null) {
      result.path = (result.pathname ? result.pathname : "") + (result.search ? result.search : "");
    }
    result.href = result.format();
    return result;
  }

  if (srcPath.length === 0) {
    result.pathname = null;
    result.path = result.search ? `/${result.search}` : null;
    result.href = result.format();
    return result;
  }

  // A path that ends in "." or ".." (or "") keeps a trailing slash.
  let last = srcPath[srcPath.length - 1];
  const trailingSlash = Boolean(((result.host || relative.host || srcPath.length > 1) &&
    (last === "." || last === "..")) || last === "");

  // Drop "." parts and fold ".." into the part before it; `up` counts the
  // ".." that reach above the start.
  let up = 0;
  for (let i = srcPath.length - 1; i >= 0; i--) {
    last = srcPath[i];
    if (last === ".") {
      srcPath.splice(i, 1);
    } else if (last === "..") {
      srcPath.splice(i, 1);
      up++;
    } else if (up > 0) {
      srcPath.splice(i, 1);
      up--;
    }
  }
  if (!mustEndAbsolute && !dropAllDots) {
    for (; up > 0; up--) srcPath.unshift("..");
  }
  if (mustEndAbsolute && srcPath[0] !== "" && (!srcPath[0] || srcPath[0][0] !== "/")) srcPath.unshift("");
  if (trailingSlash && !srcPath.join("/").endsWith("/")) srcPath.push("");

  const absolute = srcPath[0] === "" || Boolean(srcPath[0] && srcPath[0][0] === "/");
  if (hostInPath) {
    result.hostname = result.host = absolute ? "" : srcPath.length > 0 ? srcPath.shift() : "";
    takeAuthFromHost(result);
  }
  mustEndAbsolute = mustEndAbsolute || Boolean(result.host && srcPath.length);
  if (mustEndAbsolute && !absolute) srcPath.unshift("");

  if (srcPath.length > 0) {
    result.pathname = srcPath.join("/");
  } else {
    result.pathname = null;
    result.path = null;
  }
  if (result.pathname !== null || result.search !== null) {
    result.path = (result.pathname ? result.pathname : "") + (result.search ? result.search : "");
  }
  result.auth = relative.auth || result.auth;
  result.slashes = result.slashes || relative.slashes;
  result.href = result.format();
  return result;
};

// "user@host" that ended up whole in the host (as for mailto:).
function takeAuthFromHost(result) {
  const host = result.host;
  if (host && host.indexOf("@") > 0) {
    const parts = host.split("@");
    result.auth = parts.shift();
    result.host = result.hostname = parts.shift();
  }
}

// A reference with a protocol of its own.
function resolveOtherProtocol(result, relative) {
  if (!SLASHED.has(relative.protocol)) {
    // Not a protocol with hosts: the reference stands alone.
    for (const key of Object.keys(relative)) result[key] = relative[key];
    result.href = result.format();
    return result;
  }
  result.protocol = relative.protocol;
  if (!relative.host && !/^file:?$/.test(relative.protocol) && !HOSTLESS.has(relative.protocol)) {
    // "http:path": the first part of the path becomes the host.
    const relPath = (relative.pathname || "").split("/");
    while (relPath.length > 0 && !(relative.host = relPath.shift()));
    if (!relative.host) relative.host = "";
    if (!relative.hostname) relative.hostname = "";
    if (relPath[0] !== "") relPath.unshift("");
    if (relPath.length < 2) relPath.unshift("");
    result.pathname = relPath.join("/");
  } else {
    result.pathname = relative.pathname;
  }
  result.search = relative.search;
  result.query = relative.query;
  result.host = relative.host || "";
  result.auth = relative.auth;
  result.hostname = relative.hostname || relative.host;
  result.port = relative.port;
  if (result.pathname || result.search) {
    result.path = (result.pathname || "") + (result.search || "");
  }
  result.slashes = result.slashes || relative.slashes;
  result.href = result.format();
  return result;
}

function urlParse(url, parseQueryString, slashesDenoteHost) {
  if (url instanceof Url) return url;
  const u = new Url();
  u.parse(url, parseQueryString, slashesDenoteHost);
  return u;
}

function urlResolve(source, relative) {
  return urlParse(source, false, true).resolve(relative);
}

function urlResolveObject(source, relative) {
  if (!source) return relative;
  return urlParse(source, false, true).resolveObject(relative);
}

function urlFormat(urlObject, options) {
  if (typeof urlObject === "string") {
    urlObject = urlParse(urlObject);
  } else if (typeof urlObject !== "object" || urlObject === null) {
    throw invalidArgType("urlObject", "one of type object or string", urlObject);
  } else if (urlObject instanceof URL) {
    let fragment = true;
    let unicode = false;
    let search = true;
    let auth = true;
    if (options !== undefined && options !== null) {
      validatePlainObjectArg(options, "options");
      if (options.fragment != null) fragment = Boolean(options.fragment);
      if (options.unicode != null) unicode = Boolean(options.unicode);
      if (options.search != null) search = Boolean(options.search);
      if (options.auth != null) auth = Boolean(options.auth);
    }
    return formatWhatwg(urlObject, fragment, unicode, search, auth);
  }
  return Url.prototype.format.call(urlObject);
}

function formatWhatwg(url, fragment, unicode, search, auth) {
  const u = new URL(url.href);
  if (!auth) {
    u.username = "";
    u.password = "";
  }
  if (!search) u.search = "";
  if (!fragment) u.hash = "";
  let href = u.href;
  if (unicode && u.host !== "") {
    let prefix = `${u.protocol}//`;
    if (u.username || u.password) prefix += `${u.username}${u.password ? `:${u.password}` : ""}@`;
    if (href.startsWith(prefix + u.host)) {
      const host = domainToUnicode(u.hostname) + (u.port ? `:${u.port}` : "");
      href = prefix + host + href.slice(prefix.length + u.host.length);
    }
  }
  return href;
}

exports.Url = Url;
exports.parse = urlParse;
exports.resolve = urlResolve;
exports.resolveObject = urlResolveObject;
exports.format = urlFormat;
exports.URL = URL;
exports.URLSearchParams = URLSearchParams;
exports.domainToASCII = domainToASCII;
exports.domainToUnicode = domainToUnicode;
exports.pathToFileURL = pathToFileURL;
exports.fileURLToPath = fileURLToPath;
exports.fileURLToPathBuffer = fileURLToPathBuffer;
exports.urlToHttpOptions = urlToHttpOptions;
