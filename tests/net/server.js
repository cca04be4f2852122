// server.js - a local HTTP server for the network tests (node:http, fetch).
//
//   node tests/net/server.js
//
// Listens on 127.0.0.1, port 0 (the system picks one), and prints the port
// as the first line of stdout. Runs until killed. Only Node's own modules.
//
// Routes (query parameters in [brackets] are optional):
//   /echo                 any method: answers JSON
//                         { method, url, httpVersion, headers, rawHeaders,
//                           body (UTF-8), bodyLength, chunked, trailers }
//                         headers: lower-cased names as Node's server sees them
//                         (rawHeaders keeps the order and case as received).
//   /bytes?n=N[&chunk=K]  N bytes (byte i is i % 251) with Content-Length,
//                         written K bytes at a time (default 65536), waiting for
//                         'drain' (so a slow reader applies backpressure).
//                         [&chunked=1] without Content-Length (chunked).
//   /status/N[?msg=TEXT]  status N (with the reason TEXT), body "status N"
//                         (no body for 1xx/204/304 or HEAD).
//   /redirect?to=URL[&code=N]
//                         status N (default 302), Location: URL, body "redirect".
//   /gzip[?text=T]        a gzip-encoded body (Content-Encoding: gzip) of T
//                         (default "hello gzip world\n" x 100).
//   /encoded?enc=E[&text=T]
//                         the body T (default as /gzip) encoded with E: gzip,
//                         deflate (zlib), deflate-raw, br; Content-Encoding: E
//                         ("deflate" for deflate-raw).
//   /redirect-chain?n=N   302 to /redirect-chain?n=N-1 ... until n=0, which
//                         answers "done" (redirect limits).
//   /slow?ms=N            waits N ms, then answers "slow N".
//   /drip?n=N&ms=M        headers at once, then N chunks "chunk I\n" M ms apart.
//   /chunked              a chunked body in 5 parts "part I\n"; [?trailers=1]
//                         adds a trailer X-Trailer: yes.
//   /headers              duplicate and special headers: two Set-Cookie, two
//                         X-Multi, two Content-Type, two Cookie-ish X-Dup, ...
//                         (exactly what is sent is listed in the code below).
//   /close                headers, part of the body, then the socket is
//                         destroyed (the response is cut short).
//   /hangup               destroys the socket before any response.
//   /pipe                 echoes the request body back as it arrives
//                         (Content-Type as the request's).
//   /length               answers "N" where N is the received body's length.
//   /count                number of requests served so far (this one included).
//   /json                 {"ok":true} as application/json.
//   anything else         404 "not found".
"use strict";

const http = require("http");
const zlib = require("zlib");

let served = 0;

function readBody(req, cb) {
  const parts = [];
  req.on("data", (c) => parts.push(c));
  req.on("end", () => cb(Buffer.concat(parts)));
}

function pattern(start, len) {
  const b = Buffer.allocUnsafe(len);
  for (let i = 0; i < len; i++) b[i] = (start + i) % 251;
  return b;
}

const routes = {
  "/echo"(req, res) {
    readBody(req, (body) => {
      const out = JSON.stringify({
        method: req.method,
        url: req.url,
        httpVersion: req.httpVersion,
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: body.toString("utf8"),
        bodyLength: body.length,
        chunked: /chunked/i.test(req.headers["transfer-encoding"] || ""),
        trailers: req.trailers,
      });
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(out) });
      res.end(req.method === "HEAD" ? undefined : out);
    });
  },

  "/bytes"(req, res, q) {
    const n = Number(q.get("n") || 0);
    const chunk = Number(q.get("chunk") || 65536);
    const headers = { "Content-Type": "application/octet-stream" };
    if (!q.get("chunked")) headers["Content-Length"] = n;
    res.writeHead(200, headers);
    let off = 0;
    const pump = () => {
      while (off < n) {
        const len = Math.min(chunk, n - off);
        const ok = res.write(pattern(off, len));
        off += len;
        if (!ok) return res.once("drain", pump);
      }
      res.end();
    };
    pump();
  },

  "/redirect"(req, res, q) {
    const code = Number(q.get("code") || 302);
    res.writeHead(code, { Location: q.get("to") || "/", "Content-Length": 8 });
    res.end("redirect");
  },

  "/gzip"(req, res, q) {
    const text = q.get("text") || "hello gzip world\n".repeat(100);
    const z = zlib.gzipSync(Buffer.from(text));
    res.writeHead(200, { "Content-Type": "text/plain", "Content-Encoding": "gzip", "Content-Length": z.length });
    res.end(z);
  },

  "/encoded"(req, res, q) {
    const text = Buffer.from(q.get("text") || "hello gzip world\n".repeat(100));
    const enc = q.get("enc") || "gzip";
    const make = {
      gzip: () => zlib.gzipSync(text),
      deflate: () => zlib.deflateSync(text),
      "deflate-raw": () => zlib.deflateRawSync(text),
      br: () => zlib.brotliCompressSync(text),
    }[enc];
    if (!make) {
      res.writeHead(400, { "Content-Type": "text/plain" });
      res.end(`unknown enc ${enc}`);
      return;
    }
    const body = make();
    res.writeHead(200, {
      "Content-Type": "text/plain",
      "Content-Encoding": enc === "deflate-raw" ? "deflate" : enc,
      "Content-Length": body.length,
    });
    res.end(body);
  },

  "/redirect-chain"(req, res, q) {
    const n = Number(q.get("n") || 0);
    if (n <= 0) {
      res.end("done");
      return;
    }
    res.writeHead(302, { Location: `/redirect-chain?n=${n - 1}`, "Content-Length": 0 });
    res.end();
  },

  "/slow"(req, res, q) {
    const ms = Number(q.get("ms") || 1000);
    const t = setTimeout(() => res.end(`slow ${ms}`), ms);
    res.on("close", () => clearTimeout(t));
  },

  "/drip"(req, res, q) {
    const n = Number(q.get("n") || 5);
    const ms = Number(q.get("ms") || 50);
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.flushHeaders();
    let i = 0;
    const t = setInterval(() => {
      if (i === n) {
        clearInterval(t);
        res.end();
        return;
      }
      res.write(`chunk ${i++}\n`);
    }, ms);
    res.on("close", () => clearInterval(t));
  },

  "/chunked"(req, res, q) {
    const headers = { "Content-Type": "text/plain" };
    if (q.get("trailers")) headers.Trailer = "X-Trailer";
    res.writeHead(200, headers);
    let i = 0;
    const next = () => {
      if (i === 5) {
        if (q.get("trailers")) res.addTrailers({ "X-Trailer": "yes" });
        res.end();
        return;
      }
      res.write(`part ${i++}\n`);
      setImmediate(next);
    };
    next();
  },

  "/headers"(req, res) {
    res.writeHead(200, "Fine", [
      "Content-Type", "text/plain",
      "Content-Type", "text/html",
      "Set-Cookie", "a=1",
      "Set-Cookie", "b=2",
      "X-Multi", "one",
      "X-Multi", "two",
      "Cookie", "c=3",
      "Cookie", "d=4",
      "Location", "/first",
      "Location", "/second",
      "X-Empty", "",
      "X-Spaces", "  padded  ",
      "Content-Length", "2",
    ]);
    res.end("ok");
  },

  "/close"(req, res) {
    res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": 1000 });
    res.write("partial body\n");
    setTimeout(() => req.socket.destroy(), 50);
  },

  "/hangup"(req) {
    req.socket.destroy();
  },

  "/pipe"(req, res) {
    res.writeHead(200, { "Content-Type": req.headers["content-type"] || "application/octet-stream" });
    req.pipe(res);
  },

  "/length"(req, res) {
    readBody(req, (body) => res.end(String(body.length)));
  },

  "/count"(req, res) {
    res.end(String(served));
  },

  "/json"(req, res) {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end('{"ok":true}');
  },
};

const server = http.createServer((req, res) => {
  served++;
  const u = new URL(req.url, "http://x");
  const m = /^\/status\/(\d+)$/.exec(u.pathname);
  if (m) {
    const code = Number(m[1]);
    const msg = u.searchParams.get("msg");
    if (msg) res.writeHead(code, msg);
    else res.writeHead(code);
    const noBody = code < 200 || code === 204 || code === 304 || req.method === "HEAD";
    res.end(noBody ? undefined : `status ${code}`);
    return;
  }
  const route = routes[u.pathname];
  if (route) return route(req, res, u.searchParams);
  res.writeHead(404, { "Content-Type": "text/plain" });
  res.end("not found");
});

server.keepAliveTimeout = 5000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
