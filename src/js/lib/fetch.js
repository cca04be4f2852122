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
//
// The parts: fetch_util.js (what they share), fetch_headers.js,
// fetch_form_data.js, fetch_body.js (bodies and the Body mixin),
// fetch_request.js and fetch_response.js; this file is the client (data:
// URLs and fetch() over host.net) and gathers the classes.
"use strict";

const {
  DOMExceptionClass, URLClass, disturbedStreams, isASCIIWhitespace, isValidHeaderValue, kHighWater,
  parseMIMEType, serializeMIMEType, serializeURL, trimWith, utf8DecodeKeepBOM, utf8Encode,
} = require("fetch_util");
const { Headers, HeadersList } = require("fetch_headers");
const { FormData } = require("fetch_form_data");
const {
  bodyDisturbed, cancelBody, done, extractBody, latin1, makeBody, readAllBytes, reextractBody,
  takeProducer,
} = require("fetch_body");
const { Request, makeRequest, requestState } = require("fetch_request");
const {
  Response, makeNetworkError, makeResponse, makeResponseObject, nullBodyStatuses, redirectStatuses,
  responseState,
} = require("fetch_response");

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
