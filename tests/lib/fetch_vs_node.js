// Compares src/js/lib/fetch.js's fetch() over the network with Node's own
// fetch (undici), against a local HTTP server this file starts.
//
//   node tests/lib/fetch_vs_node.js [filter]
//
// fetch.js and its parts (fetch_*.js) are loaded as the runtime loads them
// (the body of `function (exports, require, host)`), with Node's URL, Blob, File,
// TextEncoder/Decoder, AbortController, DOMException, util.inspect and web
// streams in place of the sibling files (those are tested on their own), and
// a `host.net` made of node:http that keeps the primitive's contract:
// events come later than the call, "response" / "data"* / "end" or
// "error", pause/resume/abort, streamed request bodies through write/end,
// and decode:true undoing gzip/deflate/br. This tests redirects, default
// headers, bodies, aborts and backpressure in JS without the C side; the
// real host.net is exercised by the network tests of the runtime.
//
// Each scenario runs with Node's fetch and with ours and logs what it sees;
// the two logs must be equal. The last line is "N passed, N failed".
"use strict";

const fs = require("fs");
const http = require("http");
const path = require("path");
const util = require("util");
const zlib = require("zlib");
const nodeCrypto = require("crypto");
const nodeStream = require("stream");

const LIB = path.join(__dirname, "../../src/js/lib");

// --- the fake host.net ---------------------------------------------------------

const netCalls = []; // what our fetch asked of host.net (for the backpressure case)
const agent = new http.Agent({ keepAlive: true });
const net = (() => {
  let nextId = 1;
  const live = new Map();
  const later = (fn) => setImmediate(fn);
  const errorCode = (err) => {
    switch (err.code) {
      case "ECONNREFUSED": case "ENOTFOUND": case "ECONNRESET": case "ETIMEDOUT": return err.code;
      default: return "EIO";
    }
  };
  return {
    request(opts, onEvent) {
      const id = nextId++;
      netCalls.push(["request", opts.method, opts.url]);
      const entry = { req: null, res: null, dead: false, paused: false, events: [], scheduled: false, onEvent };
      live.set(id, entry);
      // Events go out one per turn of the loop, none while paused.
      const pump = () => {
        entry.scheduled = false;
        if (entry.dead || entry.paused || entry.events.length === 0) return;
        const event = entry.events.shift();
        if (event[0] === "end" || event[0] === "error") live.delete(id);
        entry.onEvent(...event);
        schedule();
      };
      const schedule = () => {
        if (!entry.scheduled && entry.events.length !== 0) {
          entry.scheduled = true;
          later(pump);
        }
      };
      entry.schedule = schedule;
      const emit = (...args) => {
        entry.events.push(args);
        schedule();
      };
      const flat = ["Host", new URL(opts.url).host]; // as curl adds it
      for (const [name, value] of opts.headers) flat.push(name, value);
      const req = http.request(opts.url, { method: opts.method, headers: flat, agent });
      entry.req = req;
      req.on("error", (err) => {
        if (entry.dead) return;
        entry.dead = true;
        live.delete(id);
        later(() => onEvent("error", { code: errorCode(err), message: err.message }));
      });
      req.on("response", (res) => {
        entry.res = res;
        const headers = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
        headers.httpVersion = res.httpVersion;
        emit("response", res.statusCode, res.statusMessage, headers);
        let body = res;
        const coding = opts.decode ? String(res.headers["content-encoding"] || "").trim().toLowerCase() : "";
        if (coding === "gzip" || coding === "x-gzip") body = res.pipe(zlib.createGunzip());
        else if (coding === "deflate") body = res.pipe(zlib.createInflate());
        else if (coding === "br") body = res.pipe(zlib.createBrotliDecompress());
        entry.body = body;
        body.on("data", (chunk) => emit("data", new Uint8Array(chunk)));
        body.on("end", () => {
          if (entry.ended) return;
          entry.ended = true;
          emit("end");
        });
        const fail = () => {
          if (entry.ended) return;
          entry.ended = true;
          emit("error", { code: "ECONNRESET", message: "other side closed" });
        };
        body.on("error", fail);
        res.on("aborted", fail);
      });
      if (opts.stream) return id;
      req.end(opts.body ? Buffer.from(opts.body) : undefined);
      return id;
    },
    write(id, u8) {
      const entry = live.get(id);
      if (entry && !entry.dead) entry.req.write(Buffer.from(u8));
    },
    end(id) {
      const entry = live.get(id);
      if (entry && !entry.dead) entry.req.end();
    },
    pause(id) {
      netCalls.push(["pause"]);
      const entry = live.get(id);
      if (!entry) return;
      entry.paused = true;
      if (entry.body) entry.body.pause();
    },
    resume(id) {
      netCalls.push(["resume"]);
      const entry = live.get(id);
      if (!entry) return;
      entry.paused = false;
      if (entry.body) entry.body.resume();
      entry.schedule();
    },
    abort(id) {
      netCalls.push(["abort"]);
      const entry = live.get(id);
      if (!entry) return;
      entry.dead = true;
      live.delete(id);
      entry.req.destroy();
    },
    check() {
      return null;
    },
  };
})();

// --- loading fetch.js ----------------------------------------------------------------

const shims = {
  url: { URL, URLSearchParams },
  node_buffer: { Blob, File, Buffer },
  encoding: { TextEncoder, TextDecoder, atob },
  abort: { AbortController, AbortSignal },
  dom_exception: { DOMException },
  inspect: { inspect: util.inspect },
  process: { emitWarning: () => {} },
  node_crypto: { createHash: nodeCrypto.createHash },
  web_streams: {
    ReadableStream,
    internals: {
      isReadableStream: (v) => v instanceof ReadableStream,
      isDisturbed: (v) => nodeStream.isDisturbed(v),
      newByteStream: (pull, cancel, highWaterMark) =>
        new ReadableStream({ type: "bytes", pull, cancel }, { highWaterMark }),
    },
  },
};
// fetch.js's own parts load from src/js/lib, once each.
const parts = new Map();
function shimRequire(name) {
  if (Object.prototype.hasOwnProperty.call(shims, name)) return shims[name];
  if (name.startsWith("fetch_")) {
    if (!parts.has(name)) {
      const exports = {};
      parts.set(name, exports);
      new Function("exports", "require", "host", fs.readFileSync(path.join(LIB, `${name}.js`), "utf8"))(exports, shimRequire, host);
    }
    return parts.get(name);
  }
  throw new Error(`fetch.js required ${name}, which this harness does not provide`);
}
shimRequire.loaded = () => true;
const host = { randomFill: (u8) => nodeCrypto.randomFillSync(u8), net };
const mine = {};
new Function("exports", "require", "host", fs.readFileSync(path.join(LIB, "fetch.js"), "utf8"))(mine, shimRequire, host);

const MINE = { name: "mine", fetch: mine.fetch, Request: mine.Request, Response: mine.Response, Headers: mine.Headers, FormData: mine.FormData };
const NODE = { name: "node", fetch: globalThis.fetch, Request, Response, Headers, FormData };

// --- the server --------------------------------------------------------------------

const server = http.createServer((req, res) => {
  const u = new URL(req.url, "http://x");
  const chunks = [];
  req.on("data", (d) => chunks.push(d));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("latin1");
    const p = u.pathname;
    if (p === "/echo") {
      const headers = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i].toLowerCase();
        if (name !== "host" && name !== "connection") headers.push([name, req.rawHeaders[i + 1]]);
      }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ method: req.method, url: req.url, headers, body }));
    } else if (p.startsWith("/redir/")) {
      const [, , code, n] = p.split("/");
      res.statusCode = +code;
      const to = u.searchParams.get("to");
      if (to) res.setHeader("location", to);
      else res.setHeader("location", +n > 0 ? `/redir/${code}/${n - 1}` : "/echo");
      res.end("redirect body");
    } else if (p === "/loop") {
      res.statusCode = 302;
      res.setHeader("location", "/loop");
      res.end();
    } else if (p === "/noloc") {
      res.statusCode = 302;
      res.end("no location");
    } else if (p === "/gzip") {
      res.setHeader("content-encoding", "gzip");
      res.end(zlib.gzipSync("compressed hello"));
    } else if (p === "/deflate") {
      res.setHeader("content-encoding", "deflate");
      res.end(zlib.deflateSync("deflated hello"));
    } else if (p === "/headers") {
      res.setHeader("set-cookie", ["a=1", "b=2"]);
      res.setHeader("x-multi", ["1", "2"]);
      res.writeHead(201, "Made It");
      res.end("h");
    } else if (p === "/big") {
      const n = +u.searchParams.get("n") || 1000000;
      let sent = 0;
      const chunk = Buffer.alloc(16384, 97);
      const write = () => {
        while (sent < n) {
          const c = chunk.subarray(0, Math.min(chunk.length, n - sent));
          sent += c.length;
          if (!res.write(c)) {
            res.once("drain", write);
            return;
          }
        }
        res.end();
      };
      write();
    } else if (p === "/slow") {
      res.write("first");
      setTimeout(() => res.end("second"), 100);
    } else if (p === "/hang") {
      res.write("partial");
    } else if (p === "/reset") {
      res.write("partial");
      setTimeout(() => req.socket.destroy(), 30);
    } else if (p === "/status") {
      res.statusCode = +u.searchParams.get("s");
      res.end("s");
    } else if (p === "/json") {
      res.setHeader("content-type", "application/json; charset=utf-8");
      res.end('{"a":[1,2],"b":"é"}');
    } else if (p === "/form") {
      res.setHeader("content-type", "application/x-www-form-urlencoded");
      res.end("x=1&y=%C3%A9");
    } else {
      res.statusCode = 404;
      res.end("not found");
    }
  });
});

// --- scenarios ---------------------------------------------------------------------

let B = "";
const NOISE = new Set(["date", "keep-alive", "connection", "transfer-encoding"]);
const headerList = (h) => [...h].filter(([n]) => !NOISE.has(n));
const echoed = (j) => ({ ...j, headers: j.headers.filter(([n]) => !NOISE.has(n)) });
async function info(r) {
  return [r.status, r.statusText, r.type, r.url, r.redirected, headerList(r.headers), await r.text()];
}
const bytes = (s) => new TextEncoder().encode(s);
function streamOf(...chunks) {
  return new ReadableStream({
    start(c) {
      for (const chunk of chunks) c.enqueue(bytes(chunk));
      c.close();
    },
  });
}

const scenarios = {
  async "get"(F) { return info(await F.fetch(`${B}/echo?x=1#frag`)); },
  async "default headers"(F) { return echoed(await (await F.fetch(`${B}/echo`)).json()); },
  async "post string with headers"(F) {
    const r = await F.fetch(`${B}/echo`, { method: "POST", body: "hello", headers: { "X-Foo": "bar", Cookie: "c=1", Authorization: "a" } });
    return echoed(await r.json());
  },
  async "put without body"(F) { return echoed(await (await F.fetch(`${B}/echo`, { method: "PUT" })).json()); },
  async "post stream body"(F) {
    const r = await F.fetch(`${B}/echo`, { method: "POST", body: streamOf("st", "re", "am"), duplex: "half" });
    return echoed(await r.json());
  },
  async "post async iterable"(F) {
    const body = (async function* () { yield "it"; yield bytes("er"); })();
    const r = await F.fetch(`${B}/echo`, { method: "POST", body, duplex: "half" });
    return echoed(await r.json());
  },
  async "post blob"(F) {
    const r = await F.fetch(`${B}/echo`, { method: "POST", body: new Blob(["bl", "ob"], { type: "x/y" }) });
    return echoed(await r.json());
  },
  async "post urlsearchparams"(F) {
    return echoed(await (await F.fetch(`${B}/echo`, { method: "POST", body: new URLSearchParams("a=1&b=2") })).json());
  },
  async "post bytes"(F) {
    return echoed(await (await F.fetch(`${B}/echo`, { method: "POST", body: new Uint8Array([104, 105, 0xe9]) })).json());
  },
  async "post formdata"(F) {
    const fd = new F.FormData();
    fd.append("a", "1");
    fd.append("f", new Blob(["file body"], { type: "text/x" }), "f.txt");
    const j = echoed(await (await F.fetch(`${B}/echo`, { method: "POST", body: fd })).json());
    return JSON.parse(JSON.stringify(j).replace(/formdata-undici-0\d{11}/g, "BOUNDARY"));
  },
  async "request object"(F) {
    const q = new F.Request(`${B}/echo`, { method: "POST", body: "rq", headers: { "x-r": "1" } });
    const r = await F.fetch(q, { headers: { "x-init": "2" } });
    return [echoed(await r.json()), q.bodyUsed];
  },
  async "redirects"(F) {
    const out = [];
    for (const code of [301, 302, 303, 307, 308]) {
      const r = await F.fetch(`${B}/redir/${code}/2`, { method: "POST", body: "data", headers: { "content-type": "text/x", authorization: "keep" } });
      out.push([code, r.status, r.url, r.redirected, r.type, echoed(await r.json())]);
    }
    return out;
  },
  async "redirect keeps fragment"(F) {
    const r = await F.fetch(`${B}/redir/302/1#keep`);
    return [r.url, r.redirected, (await r.json()).url];
  },
  async "redirect manual"(F) { return info(await F.fetch(`${B}/redir/301/0`, { redirect: "manual" })); },
  async "redirect error"(F) { return info(await F.fetch(`${B}/redir/301/0`, { redirect: "error" })); },
  async "redirect error without location"(F) { return info(await F.fetch(`${B}/noloc`, { redirect: "error" })); },
  async "3xx without location"(F) { return info(await F.fetch(`${B}/noloc`)); },
  async "redirect loop"(F) { return info(await F.fetch(`${B}/loop`)); },
  async "20 redirects"(F) { return (await F.fetch(`${B}/redir/302/19`)).url; },
  async "21 redirects"(F) { return (await F.fetch(`${B}/redir/302/20`)).url; },
  async "cross-origin redirect strips credentials"(F) {
    const port = new URL(B).port;
    const r = await F.fetch(`${B}/redir/302/0?to=${encodeURIComponent(`http://localhost:${port}/echo`)}`,
      { headers: { authorization: "secret", cookie: "c=1", "proxy-authorization": "p", "x-keep": "1" } });
    return [r.type, r.url, r.redirected, echoed(await r.json())];
  },
  async "redirect to another scheme"(F) {
    return info(await F.fetch(`${B}/redir/302/0?to=${encodeURIComponent("ftp://x/")}`));
  },
  async "redirect with bad location"(F) {
    return info(await F.fetch(`${B}/redir/302/0?to=${encodeURIComponent("http://[")}`));
  },
  async "307 with a stream body"(F) {
    return info(await F.fetch(`${B}/redir/307/0`, { method: "POST", body: streamOf("x"), duplex: "half" }));
  },
  async "303 with a stream body"(F) {
    const r = await F.fetch(`${B}/redir/303/0`, { method: "POST", body: streamOf("x"), duplex: "half" });
    return echoed(await r.json());
  },
  async "same-origin mode cross-origin redirect"(F) {
    const port = new URL(B).port;
    return info(await F.fetch(`${B}/redir/302/0?to=${encodeURIComponent(`http://localhost:${port}/echo`)}`, { mode: "same-origin" }));
  },
  async "referrer"(F) {
    const out = [];
    for (const [referrer, referrerPolicy] of [["http://ref.example/a/b?c#d", undefined], [`${B}/page?q`, undefined],
      ["https://secure.example/x", undefined], ["http://ref.example/a", "unsafe-url"], ["http://ref.example/a", "no-referrer"],
      ["", undefined]]) {
      const r = await F.fetch(`${B}/echo`, { referrer, referrerPolicy });
      out.push((await r.json()).headers.filter(([n]) => n === "referer"));
    }
    return out;
  },
  async "cache modes"(F) {
    const out = [];
    for (const [cache, headers] of [["no-cache", {}], ["no-store", {}], ["reload", {}], ["default", { "if-none-match": "x" }], ["default", { range: "bytes=0-1" }]]) {
      const r = await F.fetch(`${B}/echo`, { cache, headers });
      out.push(echoed(await r.json()).headers);
    }
    return out;
  },
  async "gzip"(F) { return info(await F.fetch(`${B}/gzip`)); },
  async "deflate"(F) { return info(await F.fetch(`${B}/deflate`)); },
  async "response headers"(F) {
    const r = await F.fetch(`${B}/headers`);
    return [r.status, r.statusText, r.ok, r.headers.getSetCookie(), r.headers.get("x-multi"), headerList(r.headers), await r.text()];
  },
  async "json, formData, blob, arrayBuffer"(F) {
    const j = await (await F.fetch(`${B}/json`)).json();
    const f = [...await (await F.fetch(`${B}/form`)).formData()];
    const b = await (await F.fetch(`${B}/json`)).blob();
    const a = new Uint8Array(await (await F.fetch(`${B}/json`)).arrayBuffer());
    return [j, f, b.type, b.size, a.length];
  },
  async "big body streamed"(F) {
    const r = await F.fetch(`${B}/big?n=3000000`);
    let n = 0;
    let many = false;
    for await (const c of r.body) {
      n += c.length;
      if (c.length < n) many = true;
    }
    return [n, many, r.bodyUsed];
  },
  async "big body text"(F) { return (await (await F.fetch(`${B}/big?n=500000`)).text()).length; },
  async "backpressure"(F) {
    netCalls.length = 0;
    const r = await F.fetch(`${B}/big?n=2000000`);
    const reader = r.body.getReader();
    await new Promise((resolve) => setTimeout(resolve, 150));
    let n = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      n += value.length;
    }
    // Ours must have paused while nobody read (Node's own fetch is not asked).
    const paused = F.name === "node" ? true : netCalls.some(([k]) => k === "pause") && netCalls.some(([k]) => k === "resume");
    return [n, paused];
  },
  async "slow body"(F) { return (await F.fetch(`${B}/slow`)).text(); },
  async "abort while reading"(F) {
    const ac = new AbortController();
    const r = await F.fetch(`${B}/hang`, { signal: ac.signal });
    setTimeout(() => ac.abort(), 30);
    const out = [];
    try {
      out.push(await r.text());
    } catch (e) {
      out.push(e.name, e.message);
    }
    try {
      out.push(await r.text());
    } catch (e) {
      out.push(e.name, e.message);
    }
    return [out, r.bodyUsed];
  },
  async "abort then read"(F) {
    const ac = new AbortController();
    const r = await F.fetch(`${B}/hang`, { signal: ac.signal });
    ac.abort();
    await new Promise((resolve) => setTimeout(resolve, 10));
    try {
      return await r.text();
    } catch (e) {
      return [e.name, e.message, r.bodyUsed];
    }
  },
  async "abort after the whole body came"(F) {
    const ac = new AbortController();
    const r = await F.fetch(`${B}/echo`, { signal: ac.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    ac.abort();
    try {
      return await r.text();
    } catch (e) {
      return [e.name, e.message, r.bodyUsed];
    }
  },
  async "abort before the response"(F) {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error("stop")), 30);
    const body = new ReadableStream({ pull() { return new Promise(() => {}); } });
    return F.fetch(`${B}/echo`, { signal: ac.signal, method: "POST", body, duplex: "half" });
  },
  async "already aborted"(F) { return F.fetch(`${B}/echo`, { signal: AbortSignal.abort() }); },
  async "timeout"(F) {
    const r = await F.fetch(`${B}/hang`, { signal: AbortSignal.timeout(50) });
    return r.text();
  },
  async "connection reset mid-body"(F) {
    // The cause is host.net's error ({ code, message }), not undici's SocketError.
    try {
      return await (await F.fetch(`${B}/reset`)).text();
    } catch (e) {
      return [e.name, e.message, e.cause.message];
    }
  },
  async "cancel the body"(F) {
    const r = await F.fetch(`${B}/hang`);
    const reader = r.body.getReader();
    const first = await reader.read();
    await reader.cancel();
    return [new TextDecoder().decode(first.value), r.bodyUsed];
  },
  async "null body statuses and HEAD"(F) {
    const out = [];
    for (const s of [204, 205, 304]) {
      const r = await F.fetch(`${B}/status?s=${s}`);
      out.push([r.status, r.body, await r.text()]);
    }
    const h = await F.fetch(`${B}/echo`, { method: "HEAD" });
    out.push([h.status, h.body, await h.text(), headerList(h.headers)]);
    return out;
  },
  async "4xx and 5xx"(F) { return [await info(await F.fetch(`${B}/nope`)), await info(await F.fetch(`${B}/status?s=503`))]; },
  async "407"(F) { return info(await F.fetch(`${B}/status?s=407`)); },
  async "connection refused"(F) {
    const s = http.createServer();
    await new Promise((resolve) => s.listen(0, "127.0.0.1", resolve));
    const port = s.address().port;
    await new Promise((resolve) => s.close(resolve));
    try {
      await F.fetch(`http://127.0.0.1:${port}/`);
    } catch (e) {
      return [e.name, e.message, e.cause.code, e.cause.message.replace(String(port), "PORT")];
    }
    return "no error";
  },
  async "bad port"(F) { return F.fetch("http://127.0.0.1:25/"); },
  async "clone a network response"(F) {
    const r = await F.fetch(`${B}/echo`);
    const c = r.clone();
    const c2 = c.clone();
    return [(await c.json()).method, (await r.json()).method, (await c2.text()).length > 10, r.bodyUsed, c.bodyUsed];
  },
  async "clone then read through body"(F) {
    const r = await F.fetch(`${B}/slow`);
    const c = r.clone();
    const chunks = [];
    for await (const chunk of c.body) chunks.push(new TextDecoder().decode(chunk));
    return [chunks.join(""), await r.text()];
  },
  async "body getter identity and locking"(F) {
    const r = await F.fetch(`${B}/echo`);
    const b1 = r.body;
    const same = b1 === r.body;
    b1.getReader();
    let err;
    try {
      await r.text();
    } catch (e) {
      err = e.message;
    }
    return [same, r.bodyUsed, err];
  },
  async "response inspect"(F) {
    const r = await F.fetch(`${B}/echo`);
    const text = util.inspect(r).replace(/'date', '[^']*'/, "").replace(/date: '[^']*',\s*/, "").replace(/\d{2,5}/g, "N");
    await r.text();
    return text;
  },
};

// --- running -------------------------------------------------------------------------

function fmt(v, depth = 0) {
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  if (typeof v === "symbol") return v.toString();
  if (typeof v === "function") return `[fn ${v.name}]`;
  if (v instanceof Error || (typeof v === "object" && typeof v.message === "string" && "stack" in v)) {
    let s = `${v.name}${v.code !== undefined ? `[${v.code}]` : ""}: ${v.message}`;
    if (v.cause !== undefined && depth < 2) s += ` (cause: ${fmt(v.cause, depth + 1)})`;
    return s;
  }
  if (v instanceof ReadableStream) return "[ReadableStream]";
  if (ArrayBuffer.isView(v)) return `<${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("hex")}>`;
  if (Array.isArray(v)) return `[${v.map((x) => fmt(x, depth + 1)).join(", ")}]`;
  if (typeof v === "object") {
    const tag = v[Symbol.toStringTag];
    if (tag === "Response" || tag === "Request") return `[${tag} ${v.status ?? v.url}]`;
    return `{${Object.keys(v).map((k) => `${k}: ${fmt(v[k], depth + 1)}`).join(", ")}}`;
  }
  return String(v);
}

async function runOne(fn, impl) {
  try {
    return `ok ${fmt(await fn(impl))}`;
  } catch (e) {
    // Node's cause for a refused port carries more than the code and message.
    return `throws ${fmt(e)}`;
  }
}

process.on("unhandledRejection", (err) => console.log("UNHANDLED REJECTION", fmt(err)));

async function main() {
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  B = `http://127.0.0.1:${server.address().port}`;
  const filter = process.argv[2];
  let passed = 0;
  let failed = 0;
  for (const [name, fn] of Object.entries(scenarios)) {
    if (filter && !name.includes(filter)) continue;
    const want = await runOne(fn, NODE);
    const got = await runOne(fn, MINE);
    if (want === got) {
      passed++;
      console.log(`ok ${name}`);
      if (filter) console.log(`   ${got}`);
    } else {
      failed++;
      console.log(`FAIL ${name}\n   node: ${want}\n   mine: ${got}`);
    }
  }
  agent.destroy();
  server.closeAllConnections();
  server.close();
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

main();
