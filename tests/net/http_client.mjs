// http_client.mjs - node:http / node:https clients against tests/net/server.js.
//
//   acs run --allow-domain 127.0.0.1:PORT --allow-domain nonexistent.invalid http_client.mjs -- PORT
//   node http_client.mjs PORT
//
// Differential: both runs must print the same lines (tests/net/run.sh
// compares them). What exists only in the sandbox (policy refusals, servers
// refused, TLS options refused) is checked under `inSandbox` and printed as
// the same line either way.
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";
import { Readable, Writable, pipeline, finished } from "node:stream";
import { once } from "node:events";

const PORT = Number(process.argv[2] || process.env.PORT);
if (!PORT) throw new Error("usage: http_client.mjs PORT");
const inSandbox = typeof process.versions.acs === "string";
const base = `http://127.0.0.1:${PORT}`;
const log = (...args) => console.log(...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sorted = (o, skip = []) => Object.fromEntries(Object.entries(o).filter(([k]) => !skip.includes(k))
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const errLine = (e) => `${e.name} ${e.code} ${JSON.stringify(e.message)}`;

function text(res) {
  return new Promise((resolve, reject) => {
    const parts = [];
    res.on("data", (c) => parts.push(c));
    res.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    res.on("error", reject);
  });
}

// One request -> { res, body } (or rejects with the request's error).
function fetchText(url, options = {}, body) {
  return new Promise((resolve, reject) => {
    const onResponse = async (res) => {
      try {
        resolve({ req, res, body: await text(res) });
      } catch (e) {
        reject(e);
      }
    };
    // (options as the first argument: a second object would be taken for the callback)
    const plain = typeof url === "object" && !(url instanceof URL);
    const req = plain ? http.request(url, onResponse) : http.request(url, options, onResponse);
    req.on("error", reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

function syncError(label, fn) {
  try {
    fn();
    log(label, "no error");
  } catch (e) {
    log(label, errLine(e));
  }
}

// Records the events of a request and its response, in order.
function trace(label, req, hooks = {}) {
  return new Promise((resolve) => {
    const ev = [];
    const done = () => setTimeout(() => {
      log(label, ev.join(" "));
      resolve();
    }, 150);
    req.on("socket", () => ev.push("socket"));
    req.on("finish", () => ev.push("finish"));
    req.on("abort", () => ev.push("abort"));
    req.on("timeout", () => {
      ev.push("timeout");
      if (hooks.timeout) hooks.timeout(req);
    });
    req.on("close", () => {
      ev.push("close");
      done();
    });
    req.on("error", (e) => ev.push(`error[${e.code}|${hooks.message ? hooks.message(e) : e.message}]`));
    req.on("response", (res) => {
      ev.push(`response(${res.statusCode})`);
      res.on("data", () => {
        ev.push("data");
        if (hooks.data) hooks.data(req, res);
      });
      res.on("end", () => ev.push("end"));
      res.on("aborted", () => ev.push("aborted"));
      res.on("error", (e) => ev.push(`res-error[${e.code}|${e.message}]`));
      res.on("close", () => ev.push("res-close"));
      res.on("timeout", () => ev.push("res-timeout"));
    });
  });
}

// ---------------------------------------------------------------- module
function surface() {
  const hidden = new Set(["WebSocket", "CloseEvent", "MessageEvent"]); // globals acs may lack
  log("http keys", Object.keys(http).filter((k) => !hidden.has(k)).join(","));
  log("https keys", Object.keys(https).join(","));
  log("METHODS", http.METHODS.length, http.METHODS.includes("PATCH"), http.METHODS[0]);
  log("STATUS_CODES", Object.keys(http.STATUS_CODES).length, http.STATUS_CODES[418], http.STATUS_CODES[404]);
  log("maxHeaderSize", http.maxHeaderSize);
  const g = http.globalAgent;
  log("globalAgent", g instanceof http.Agent, g.keepAlive, g.protocol, g.defaultPort, g.maxSockets, g.maxFreeSockets,
    g.scheduling, g.maxTotalSockets, g.keepAliveMsecs, JSON.stringify({ ...g.options }));
  const hg = https.globalAgent;
  log("https.globalAgent", hg instanceof https.Agent, hg instanceof http.Agent, hg.protocol, hg.defaultPort,
    hg.keepAlive, hg.maxCachedSessions);
  const a = new http.Agent({ keepAlive: true, maxSockets: 4 });
  log("new Agent", a.keepAlive, a.maxSockets, a.getName({ host: "h", port: 1, localAddress: "x", family: 4 }),
    a.getName({}), Object.keys(a.sockets).length);
  const b = http.Agent();
  log("Agent() without new", b instanceof http.Agent, b.keepAlive);
  log("https getName", new https.Agent().getName({ host: "h", port: 443, servername: "s" }));
  http.validateHeaderName("x-ok");
  http.validateHeaderValue("x-ok", "fine");
  syncError("validateHeaderName", () => http.validateHeaderName("bad name"));
  syncError("validateHeaderValue undefined", () => http.validateHeaderValue("x", undefined));
  syncError("validateHeaderValue newline", () => http.validateHeaderValue("x", "a\nb"));
  syncError("host type", () => http.request({ host: 5 }));
  syncError("method type", () => http.request({ method: 5 }));
  syncError("method token", () => http.request({ method: "a b" }));
  syncError("path", () => http.request({ path: "/a b" }));
  syncError("protocol", () => http.request({ protocol: "ftp:" }));
  syncError("agent", () => http.request({ agent: 5 }));
  syncError("url", () => http.request("nope"));
  syncError("timeout range", () => http.request({ timeout: -1 }));
  syncError("timeout type", () => http.request({ timeout: "1" }));
  syncError("https protocol", () => https.request(`${base}/`));
  syncError("joinDuplicateHeaders", () => http.request({ joinDuplicateHeaders: 1 }));
  syncError("setMaxIdleHTTPParsers", () => http.setMaxIdleHTTPParsers("x"));
  syncError("Agent scheduling", () => new http.Agent({ scheduling: "x" }));
}

function headerApi() {
  const req = http.request(`${base}/echo`, { headers: { "X-A": [1, 2], Cookie: ["a=1", "b=2"] } });
  req.on("error", () => {});
  req.setHeader("X-Num", 5);
  req.appendHeader("x-num", "6");
  req.appendHeader("x-new", ["7", "8"]);
  req.setHeader("X-Gone", "1");
  req.removeHeader("x-gone");
  log("getHeaders", JSON.stringify(req.getHeaders()), Object.getPrototypeOf(req.getHeaders()));
  log("names", req.getHeaderNames().join(","), req.getRawHeaderNames().join(","));
  log("get/has", JSON.stringify(req.getHeader("X-NUM")), req.hasHeader("x-a"), req.hasHeader("x-gone"),
    req.getHeader("nope"));
  syncError("getHeader type", () => req.getHeader(5));
  syncError("setHeader undefined", () => req.setHeader("x", undefined));
  syncError("setHeader bad char", () => req.setHeader("x", "a\rb"));
  syncError("write number", () => req.write(5));
  syncError("write null", () => req.write(null));
  log("before end", req.headersSent, req.writableEnded, req.finished, req._header);
  log("fields", req.path, req.method, req.host, req.protocol, req.reusedSocket, req.aborted, req.destroyed,
    req.shouldKeepAlive, req.useChunkedEncodingByDefault, req.agent === http.globalAgent, req.res, req.socket);
  req.end();
  log("after end", req.headersSent, req.writableEnded, req.finished, JSON.stringify(req._header));
  syncError("setHeader after end", () => req.setHeader("a", "b"));
  syncError("removeHeader after end", () => req.removeHeader("a"));
  syncError("write after end (sync part)", () => req.write("x", (e) => log("write after end cb", e && e.code)));
  req.destroy();
}

// ---------------------------------------------------------------- requests
async function basics() {
  let r = await fetchText(`${base}/echo?x=1`);
  let j = JSON.parse(r.body);
  log("GET", r.res.statusCode, r.res.statusMessage, r.res.httpVersion, r.res.httpVersionMajor,
    r.res.httpVersionMinor, r.res.complete, JSON.stringify(r.res.url), r.res.method, JSON.stringify(r.res.trailers));
  log("GET response headers", r.res.headers["content-type"], r.res.headers["content-length"],
    typeof r.res.headers.date, r.res.headers.connection, r.res.headers["keep-alive"]);
  log("GET rawHeaders", r.res.rawHeaders.length % 2 === 0,
    r.res.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase()).join(","));
  log("GET sent", j.method, j.url, j.httpVersion, JSON.stringify(j.headers), JSON.stringify(j.rawHeaders));
  log("res.req", r.res.req === r.req, r.req.res === r.res);

  r = await fetchText(`${base}/echo`, { method: "POST" }, "hello");
  j = JSON.parse(r.body);
  log("POST end(body)", j.method, j.body, j.bodyLength, j.chunked, JSON.stringify(j.rawHeaders));

  r = await fetchText(`${base}/echo`, { method: "POST" });
  j = JSON.parse(r.body);
  log("POST end()", j.bodyLength, JSON.stringify(j.rawHeaders));

  r = await fetchText(`${base}/echo`, { method: "delete" });
  j = JSON.parse(r.body);
  log("DELETE", j.method, JSON.stringify(j.rawHeaders));

  r = await new Promise((resolve, reject) => {
    const req = http.request(`${base}/echo`, { method: "POST", headers: { "Content-Type": "text/plain" } });
    req.on("response", async (res) => resolve({ res, body: await text(res) }));
    req.on("error", reject);
    req.write("abc");
    req.write(Buffer.from("def"));
    req.write("676869", "hex");
    req.end(new Uint8Array([106]));
  });
  j = JSON.parse(r.body);
  // (sorted: libcurl puts Host first, Node puts it after the headers given)
  log("POST chunked", j.body, j.chunked, JSON.stringify(sorted(j.headers)));

  r = await new Promise((resolve, reject) => {
    const req = http.request(`${base}/echo`, { method: "PUT", headers: { "Content-Length": 6 } });
    req.on("response", async (res) => resolve({ res, body: await text(res) }));
    req.on("error", reject);
    req.write("abc");
    setTimeout(() => req.end("def"), 20);
  });
  j = JSON.parse(r.body);
  log("PUT content-length streamed", j.body, j.chunked, JSON.stringify(sorted(j.headers)));

  r = await fetchText(`${base}/echo`, { method: "HEAD" });
  log("HEAD", r.res.statusCode, JSON.stringify(r.body), r.res.headers["content-length"] > 0);

  const u = new URL(`${base}/echo?from=url`);
  u.username = "user";
  u.password = "p@ss";
  r = await fetchText(u, { headers: { "X-Extra": "yes" } });
  j = JSON.parse(r.body);
  log("URL object + auth", j.url, j.headers.authorization, j.headers["x-extra"]);

  r = await fetchText({ hostname: "127.0.0.1", port: PORT, path: "/echo", auth: "a:b", agent: false });
  j = JSON.parse(r.body);
  log("options + agent:false", JSON.stringify(j.rawHeaders));

  r = await fetchText(`${base}/echo`, { headers: { host: "example.test", "user-agent": "ua/1", accept: "*/*" } });
  j = JSON.parse(r.body);
  log("custom host", JSON.stringify(sorted(j.headers)));

  const agent = new http.Agent({ keepAlive: true });
  r = await new Promise((resolve, reject) => {
    const req = http.get(`${base}/echo`, { agent }, async (res) => {
      const names = Object.keys(agent.sockets);
      resolve({ res, body: await text(res), names });
    });
    req.on("error", reject);
  });
  log("agent bookkeeping", r.names.join(","), JSON.parse(r.body).headers.connection);
  await sleep(20);
  log("agent after", Object.keys(agent.sockets).length);
  agent.destroy();
}

async function statuses() {
  for (const path of ["/status/404", "/status/500?msg=Oops", "/status/204", "/status/201", "/nowhere"]) {
    const r = await fetchText(base + path);
    log("status", path, r.res.statusCode, JSON.stringify(r.res.statusMessage), JSON.stringify(r.body));
  }
  const to = encodeURIComponent("http://127.0.0.1:1/elsewhere");
  for (const code of [301, 302, 303, 307, 308]) {
    const r = await fetchText(`${base}/redirect?code=${code}&to=${to}`);
    log("redirect", code, r.res.statusCode, r.res.headers.location, r.body);
  }
}

async function headers() {
  let r = await fetchText(`${base}/headers`);
  const h = r.res.headers;
  log("headers", r.res.statusMessage, JSON.stringify(sorted(h, ["date"])));
  const raw = [];
  for (let i = 0; i < r.res.rawHeaders.length; i += 2) {
    const name = r.res.rawHeaders[i].toLowerCase(); // acs: names come lower-cased
    if (name !== "date") raw.push(name, r.res.rawHeaders[i + 1]);
  }
  log("headers raw", JSON.stringify(raw));
  const d = r.res.headersDistinct;
  log("headersDistinct", JSON.stringify(d["set-cookie"]), JSON.stringify(d["content-type"]), JSON.stringify(d["x-multi"]),
    Object.getPrototypeOf(d));
  r = await fetchText(`${base}/headers`, { joinDuplicateHeaders: true });
  log("joinDuplicateHeaders", r.res.headers["content-type"], r.res.headers.location, JSON.stringify(r.res.headers["set-cookie"]));
}

async function bodies() {
  // gzip: node:http hands the raw bytes over
  let r = await new Promise((resolve) => {
    http.get(`${base}/gzip`, (res) => {
      const parts = [];
      res.on("data", (c) => parts.push(c));
      res.on("end", () => resolve({ res, raw: Buffer.concat(parts) }));
    });
  });
  log("gzip", r.res.headers["content-encoding"], r.raw.length === Number(r.res.headers["content-length"]),
    r.raw[0], r.raw[1], zlib.gunzipSync(r.raw).toString().length);

  r = await fetchText(`${base}/chunked`);
  log("chunked", r.res.headers["transfer-encoding"], JSON.stringify(r.body));

  // setEncoding and a multi-byte character split across chunks
  r = await new Promise((resolve) => {
    http.get(`${base}/drip?n=3&ms=20`, (res) => {
      res.setEncoding("utf8");
      let s = "";
      let types = new Set();
      res.on("data", (c) => { s += c; types.add(typeof c); });
      res.on("end", () => resolve({ s, types: [...types] }));
    });
  });
  log("setEncoding", JSON.stringify(r.s), r.types.join(","));

  // async iteration
  const res = await new Promise((resolve) => http.get(`${base}/bytes?n=3000000`, resolve));
  let total = 0;
  let ok = true;
  for await (const chunk of res) {
    for (let i = 0; i < chunk.length; i++) if (chunk[i] !== (total + i) % 251) ok = false;
    total += chunk.length;
  }
  log("for await", total, ok, res.complete, res.readableEnded);

  // a slow reader: the body waits (backpressure), nothing is lost
  const big = 16 * 1024 * 1024;
  r = await new Promise((resolve) => {
    http.get(`${base}/bytes?n=${big}`, (res) => {
      res.pause();
      setTimeout(() => {
        const buffered = res.readableLength;
        let n = 0;
        let good = true;
        let chunks = 0;
        res.on("data", (c) => {
          for (let i = 0; i < c.length; i += 997) if (c[i] !== (n + i) % 251) good = false;
          n += c.length;
          if (++chunks % 16 === 0) {
            res.pause();
            setTimeout(() => res.resume(), 2);
          }
        });
        res.on("end", () => resolve({ n, good, buffered }));
        res.resume();
      }, 400);
    });
  });
  log("slow reader", r.n, r.good, "buffered while paused < 4MB:", r.buffered < 4 * 1024 * 1024);

  // chunked upload with drain
  r = await new Promise((resolve, reject) => {
    const req = http.request(`${base}/length`, { method: "POST" }, async (res) => resolve({ body: await text(res) }));
    req.on("error", reject);
    let i = 0;
    let drains = 0;
    req.on("drain", () => drains++);
    const chunk = Buffer.alloc(20000, 120);
    const pump = () => {
      while (i < 50) {
        i++;
        if (!req.write(chunk)) return req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
  log("chunked upload", r.body);

  // pipeline into the request, the response through a Writable
  r = await new Promise((resolve, reject) => {
    const req = http.request(`${base}/pipe`, { method: "POST", headers: { "Content-Type": "text/x-test" } });
    req.on("response", (res) => {
      let got = "";
      const sink = new Writable({ write(c, _e, cb) { got += c; cb(); } });
      pipeline(res, sink, (err) => resolve({ err, got, type: res.headers["content-type"] }));
    });
    req.on("error", reject);
    pipeline(Readable.from(["one ", "two ", "three"]), req, (err) => log("upload pipeline", err ?? "ok"));
  });
  log("pipe", r.err ?? "ok", r.type, JSON.stringify(r.got));

  // finished() on a request
  await new Promise((resolve) => {
    const req = http.get(`${base}/echo`, (res) => res.resume());
    finished(req, (err) => {
      log("finished(req)", err ?? "ok");
      resolve();
    });
  });

  // concurrent requests
  const all = await Promise.all(Array.from({ length: 8 }, (_, i) => fetchText(`${base}/slow?ms=${50 + i * 5}`)));
  log("concurrent", all.map((x) => x.body).join(","));

  // 100-continue
  r = await new Promise((resolve) => {
    const req = http.request(`${base}/echo`, { method: "POST", headers: { Expect: "100-continue", "Content-Length": 5 } });
    req.on("continue", () => {
      log("continue");
      req.end("hello");
    });
    req.on("response", async (res) => resolve(JSON.parse(await text(res))));
  });
  log("expect", r.body, r.headers.expect);

  // once(req, 'response')
  const req = http.get(`${base}/json`);
  const [res2] = await once(req, "response");
  log("once response", res2.statusCode, await text(res2));
}

// ---------------------------------------------------------------- lifecycles
async function lifecycles() {
  // Aborts and timeouts fire 50-100 ms in; the answers they race come
  // seconds later, so a loaded machine cannot reorder them.
  const slow = `${base}/slow?ms=5000`;
  const drip = `${base}/drip?n=5&ms=40`;
  let r;
  await trace("normal", http.get(`${base}/echo`));
  await trace("agent:false", http.get(`${base}/echo`, { agent: false }));
  await trace("keepAlive agent", http.get(`${base}/echo`, { agent: new http.Agent({ keepAlive: true }) }));
  await trace("204", http.get(`${base}/status/204`));
  r = http.request(`${base}/echo`, { method: "HEAD" });
  r.end();
  await trace("HEAD", r);
  r = http.get(slow);
  r.abort();
  await trace("abort at once", r);
  r = http.get(slow);
  setTimeout(() => r.abort(), 50);
  await trace("abort later", r);
  r = http.get(slow);
  r.destroy();
  await trace("destroy at once", r);
  r = http.get(slow);
  setTimeout(() => r.destroy(), 50);
  await trace("destroy later", r);
  r = http.get(slow);
  setTimeout(() => r.destroy(new Error("boom")), 50);
  await trace("destroy(err)", r);
  r = http.get(drip);
  await trace("abort in body", r, { data: (req) => req.abort() });
  r = http.get(drip);
  await trace("destroy in body", r, { data: (req) => req.destroy() });
  r = http.get(drip);
  await trace("res.destroy in body", r, { data: (req, res) => res.destroy() });
  const ac = new AbortController();
  r = http.get(slow, { signal: ac.signal });
  setTimeout(() => ac.abort(), 50);
  await trace("signal", r);
  r = http.get(slow, { signal: AbortSignal.abort() });
  await trace("signal already aborted", r);
  r = http.get(slow, { timeout: 100 });
  await trace("timeout option + destroy", r, { timeout: (req) => req.destroy() });
  r = http.get(`${base}/slow?ms=2000`);
  r.setTimeout(100, () => log("setTimeout callback"));
  await trace("setTimeout, no action", r);
  r = http.get(`${base}/drip?n=2&ms=1500`);
  r.setTimeout(100);
  await trace("timeout in body", r);
  await trace("cut mid-body", http.get(`${base}/close`));
  await trace("hang up", http.get(`${base}/hangup`));
  r = http.request(`${base}/echo`, { method: "POST" });
  r.write("x");
  setTimeout(() => r.destroy(), 30);
  await trace("destroy while uploading", r);
}

// ---------------------------------------------------------------- errors
async function errors() {
  // a port the policy does not allow (and nothing listens on under Node)
  let req = http.get("http://127.0.0.1:1/x");
  let [err] = await once(req, "error").catch((e) => [e]);
  const refusedOk = inSandbox
    ? /127\.0\.0\.1:1\b/.test(err.message) && err.message.includes(`allowed: 127.0.0.1:${PORT}`)
    : err.message === "connect ECONNREFUSED 127.0.0.1:1";
  log("refused", err.code, err.errno, err.syscall, "message ok:", refusedOk);
  await trace("refused events", http.get("http://127.0.0.1:1/x"), { message: () => "..." });

  // a redirect's target is not followed, so it is not refused either
  const r = await fetchText(`${base}/redirect?to=${encodeURIComponent("http://127.0.0.1:1/")}`);
  log("redirect not followed", r.res.statusCode, r.res.headers.location);

  req = http.get("http://nonexistent.invalid/x");
  [err] = await once(req, "error").catch((e) => [e]);
  log("ENOTFOUND", errLine(err), err.errno, err.syscall, err.hostname);

  // no 'error' listener on a response cut short: the error is uncaught in
  // Node too, so it is caught here through the request's listener chain
  await new Promise((resolve) => {
    http.get(`${base}/close`, (res) => {
      res.on("error", (e) => log("res error", errLine(e), res.aborted, res.complete));
      res.on("close", resolve);
      res.resume();
    });
  });

  // servers are refused in the sandbox
  for (const [label, make] of [
    ["http.createServer", () => http.createServer()],
    ["new http.Server", () => new http.Server()],
    ["https.createServer", () => https.createServer()],
  ]) {
    if (inSandbox) {
      try {
        make();
        log(label, "not refused");
      } catch (e) {
        log(label, "refused:", e.code === "ERR_ACCESS_DENIED" && /not available in the sandbox/.test(e.message));
      }
    } else {
      log(label, "refused:", true);
    }
  }

  // TLS verification cannot be turned off
  for (const [label, opts] of [
    ["rejectUnauthorized:false", { rejectUnauthorized: false }],
    ["agent rejectUnauthorized:false", { agent: new https.Agent({ rejectUnauthorized: false }) }],
    ["ca", { ca: "-----BEGIN CERTIFICATE-----" }],
  ]) {
    if (inSandbox) {
      try {
        const q = https.request(`https://127.0.0.1:${PORT}/`, opts);
        q.on("error", () => {});
        q.destroy();
        log(label, "not refused");
      } catch (e) {
        log(label, "refused:", e.code === "ERR_ACCESS_DENIED" && /sandbox/.test(e.message));
      }
    } else {
      log(label, "refused:", true);
    }
  }
  // rejectUnauthorized: true is fine; https to a plain-HTTP port fails in TLS
  req = https.get(`https://127.0.0.1:${PORT}/echo`, { rejectUnauthorized: true });
  [err] = await once(req, "error").catch((e) => [e]);
  log("https to http port", err.code === "EPROTO" || err.code === "ECONNRESET", req.protocol, req.agent === https.globalAgent,
    req.socket ? req.socket.encrypted : "no socket");
}

surface();
headerApi();
await sleep(50);
await basics();
await statuses();
await headers();
await bodies();
await lifecycles();
await errors();
log("done");
