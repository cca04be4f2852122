// fetch_request.js - the Request class of the Fetch API (see fetch.js):
// RequestInit conversion, the request record, and the signal a request
// follows.
"use strict";

const {
  URLClass, checkArgs, convertBodyInit, enumConvert, exception, illegalInvocation, inspectFn,
  isObject, isValidHeaderName, kConstruct, kInspect, serializeURL, setEnumerable, setTag,
  toByteString, toDOMString, toUSVString,
} = require("fetch_util");
const {
  HeadersList, convertHeadersInit, fillHeaders, guardOf, makeHeaders, setGuard,
} = require("fetch_headers");
const {
  bodyDisturbed, bodyMixin, bodyStream, bodyUnusable, cloneBody, extractBody, makeBody,
} = require("fetch_body");

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

Object.assign(exports, { Request, makeRequest, requestState });
