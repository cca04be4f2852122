// fetch_response.js - the Response class of the Fetch API (see fetch.js):
// ResponseInit conversion, the response record and network errors, and
// Response.json(), redirect() and error().
"use strict";

const {
  URLClass, checkArgs, convertBodyInit, exception, illegalInvocation, inspectFn, isObject,
  isValidReasonPhrase, kConstruct, kInspect, serializeURL, setEnumerable, setTag, toByteString,
  toUSVString, toUnsignedShort, utf8Encode,
} = require("fetch_util");
const {
  HeadersList, convertHeadersInit, fillHeaders, guardOf, makeHeaders,
} = require("fetch_headers");
const {
  bodyDisturbed, bodyMixin, bodyStream, bodyUnusable, cloneBody, extractBody,
} = require("fetch_body");

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

Object.assign(exports, {
  Response, makeNetworkError, makeResponse, makeResponseObject, nullBodyStatuses, redirectStatuses,
  responseState,
});
