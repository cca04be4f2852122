// box_http.js - host.net for a box's node: HTTP/1.1 requests to the box's
// own servers (localhost, 127.0.0.0/8, ::1, the box's hostname) over the
// box's network (net_socket.js), with the contract of the C host.net that
// fetch.js and http_client.js are written against (README.md): request()
// -> id, then "response", "data", "end" or "error" events from the loop;
// write/end for a streamed body, pause/resume, abort, check. Any other
// host goes to the C host.net, which knows what the box may reach.
//
// One connection per request, closed after the response (the box's
// connections cost a socketpair, not a handshake).

"use strict";

const { Buffer } = require("node_buffer");

function isBoxHost(name, boxName) {
  const h = name.replace(/^\[|\]$/g, "").toLowerCase();
  // the WHATWG parser has made every IPv4 spelling dotted and every IPv6
  // one compressed hex (::ffff:7f00:1)
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || h === "0.0.0.0" ||
    h === "::" || /^127\.\d+\.\d+\.\d+$/.test(h) || /^::ffff:(?:7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.[\d.]+)$/.test(h) ||
    (boxName && h === boxName.toLowerCase());
}

function boxHostname() {
  try {
    return require("node_os").module.hostname();
  } catch {
    return "";
  }
}

exports.transport = function transport(cNet) {
  const live = new Map(); // id -> request state
  let nextId = 1 << 30; // the C host.net's ids stay far below
  let boxName = null;

  function local(url) {
    let u;
    try {
      u = new URL(url);
    } catch {
      return null;
    }
    boxName ??= boxHostname();
    return isBoxHost(u.hostname, boxName) ? u : null;
  }

  function emit(t, kind, a, b, c) {
    if (t.done) return;
    if (kind === "end" || kind === "error") {
      t.done = true;
      live.delete(t.id);
      if (t.sock && !t.sock.destroyed) t.sock.destroy();
    }
    t.onEvent(kind, a, b, c);
  }

  function fail(t, code, message) {
    emit(t, "error", { code, message });
  }

  function request(opts, onEvent) {
    const u = local(opts.url);
    if (!u) return cNet.request(opts, onEvent);
    const id = nextId++;
    const t = { id, onEvent, sock: null, done: false, chunked: false, paused: false, res: null,
                method: String(opts.method || "GET").toUpperCase(), decoder: null, decode: !!opts.decode };
    live.set(id, t);
    if (u.protocol !== "http:") {
      require("timers").setImmediate(() => fail(t, "EPROTO", `${u.protocol.slice(0, -1)} to a port of the box is not possible: ` +
        "servers in the box speak plain http (use http://)"));
      return id;
    }
    const port = u.port ? +u.port : 80;
    const hostname = u.hostname.replace(/^\[|\]$/g, "");
    const headers = (opts.headers || []).map(([n, v]) => [String(n), String(v)]);
    const has = (name) => headers.some(([n]) => n.toLowerCase() === name);
    if (!has("host")) headers.unshift(["Host", u.host]);
    const body = opts.body ? Buffer.from(opts.body.buffer, opts.body.byteOffset, opts.body.byteLength) : null;
    if (opts.stream) {
      if (!has("content-length") && !has("transfer-encoding")) {
        headers.push(["Transfer-Encoding", "chunked"]);
        t.chunked = true;
      } else {
        t.chunked = headers.some(([n, v]) => n.toLowerCase() === "transfer-encoding" && /chunked/i.test(v));
      }
    } else if (body && !has("content-length")) {
      headers.push(["Content-Length", String(body.length)]);
    } else if (!body && !has("content-length") && /^(POST|PUT|PATCH)$/.test(t.method)) {
      headers.push(["Content-Length", "0"]);
    }
    if (!has("connection")) headers.push(["Connection", "keep-alive"]); // what undici sends; we close after
    let head = `${t.method} ${u.pathname}${u.search} HTTP/1.1\r\n`;
    for (const [n, v] of headers) head += `${n}: ${v}\r\n`;
    head += "\r\n";
    const { Socket } = require("net_socket");
    const sock = new Socket();
    t.sock = sock;
    sock.on("error", (err) => {
      if (t.done) return;
      const code = err.code === "ECONNREFUSED" ? "ECONNREFUSED" : err.code === "ENETUNREACH" ? "EACCES_POLICY" : "ECONNRESET";
      fail(t, code, code === "ECONNREFUSED" ? `connect ECONNREFUSED ${hostname}:${port}` : err.message);
    });
    sock.on("data", (chunk) => parse(t, chunk));
    sock.on("end", () => finishAtEof(t));
    sock.on("close", () => { if (!t.done) finishAtEof(t); });
    sock.on("drain", () => { if (!t.done) t.onEvent("drain"); });
    sock.connect(port, hostname);
    sock.write(Buffer.from(head, "latin1"));
    if (body && body.length) sock.write(body);
    t.buf = null;
    t.state = "status";
    return id;
  }

  // --- the response, as it comes

  function parse(t, chunk) {
    t.buf = t.buf && t.buf.length ? Buffer.concat([t.buf, chunk]) : chunk;
    while (t.buf && t.buf.length && !t.done) {
      if (!step(t)) break;
    }
  }

  function step(t) {
    const b = t.buf;
    switch (t.state) {
      case "status": {
        const end = b.indexOf("\r\n\r\n", 0, "latin1");
        if (end < 0) {
          if (b.length > 65536) fail(t, "EPROTO", "the server's response head is too large");
          return false;
        }
        const lines = b.toString("latin1", 0, end).split("\r\n");
        t.buf = b.subarray(end + 4);
        const m = /^HTTP\/(\d\.\d) (\d{3})(?: (.*))?$/.exec(lines[0]);
        if (!m) return fail(t, "EPROTO", "the server's answer is not HTTP"), false;
        const status = +m[2];
        const pairs = [];
        for (let i = 1; i < lines.length; i++) {
          const c = lines[i].indexOf(":");
          if (c > 0) pairs.push([lines[i].slice(0, c).toLowerCase(), lines[i].slice(c + 1).trim()]);
        }
        if (status >= 100 && status < 200 && status !== 101) return true; // interim: the final one follows
        pairs.httpVersion = m[1];
        const get = (name) => pairs.find(([n]) => n === name)?.[1];
        const te = get("transfer-encoding");
        const cl = get("content-length");
        if (t.method === "HEAD" || status === 204 || status === 304) t.state = "none";
        else if (te && /chunked/i.test(te)) t.state = "chunk-size";
        else if (cl !== undefined) { t.state = "length"; t.left = +cl; }
        else t.state = "eof";
        const enc = t.decode && get("content-encoding");
        if (enc && /^(gzip|x-gzip|deflate|br)$/i.test(enc)) setupDecoder(t, enc.toLowerCase());
        t.onEvent("response", status, m[3] || "", pairs);
        if (t.state === "none" || (t.state === "length" && t.left === 0)) bodyEnd(t);
        return true;
      }
      case "length": {
        const n = Math.min(t.left, b.length);
        t.left -= n;
        t.buf = b.subarray(n);
        data(t, b.subarray(0, n));
        if (t.left === 0) bodyEnd(t);
        return true;
      }
      case "eof":
        t.buf = null;
        data(t, b);
        return true;
      case "chunk-size": {
        const nl = b.indexOf("\r\n", 0, "latin1");
        if (nl < 0) return false;
        const size = parseInt(b.toString("latin1", 0, nl), 16);
        if (!(size >= 0)) return fail(t, "EPROTO", "a bad chunk size in the server's response"), false;
        t.buf = b.subarray(nl + 2);
        t.left = size;
        t.state = size === 0 ? "trailers" : "chunk-data";
        return true;
      }
      case "chunk-data": {
        const n = Math.min(t.left, b.length);
        t.left -= n;
        t.buf = b.subarray(n);
        data(t, b.subarray(0, n));
        if (t.left === 0) t.state = "chunk-end";
        return true;
      }
      case "chunk-end":
        if (b.length < 2) return false;
        t.buf = b.subarray(2);
        t.state = "chunk-size";
        return true;
      case "trailers": {
        const nl = b.indexOf("\r\n", 0, "latin1");
        if (nl < 0) return false;
        t.buf = b.subarray(nl + 2);
        if (nl === 0) bodyEnd(t);
        return true;
      }
      default:
        t.buf = null;
        return false;
    }
  }

  function setupDecoder(t, enc) {
    const zlib = require("node_zlib").module;
    const d = enc === "br" ? zlib.createBrotliDecompress() : enc === "deflate" ? zlib.createInflate() : zlib.createGunzip();
    t.decoder = d;
    d.on("data", (chunk) => {
      if (!t.done) t.onEvent("data", new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    });
    d.on("end", () => emit(t, "end"));
    d.on("error", (err) => fail(t, "EPROTO", `the response body does not decode: ${err.message}`));
  }

  function data(t, bytes) {
    if (!bytes.length) return;
    if (t.decoder) t.decoder.write(bytes);
    else t.onEvent("data", new Uint8Array(bytes));
  }

  function bodyEnd(t) {
    t.state = "done";
    if (t.decoder) t.decoder.end();
    else emit(t, "end");
  }

  function finishAtEof(t) {
    if (t.done) return;
    if (t.state === "eof") bodyEnd(t);
    else if (t.state !== "done") fail(t, "ECONNRESET", "socket hang up");
  }

  // --- the calls after request()

  function ours(id) {
    return live.get(id);
  }

  return {
    request,
    write(id, u8) {
      const t = ours(id);
      if (!t) return cNet.write(id, u8);
      if (t.done) return -1;
      const b = Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);
      if (!b.length) return t.sock.writableLength;
      if (t.chunked) t.sock.write(Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`, "latin1"), b, Buffer.from("\r\n")]));
      else t.sock.write(b);
      return t.sock.writableLength;
    },
    end(id) {
      const t = ours(id);
      if (!t) return cNet.end(id);
      if (!t.done && t.chunked) t.sock.write(Buffer.from("0\r\n\r\n", "latin1"));
    },
    pause(id) {
      const t = ours(id);
      if (!t) return cNet.pause(id);
      t.sock.pause();
    },
    resume(id) {
      const t = ours(id);
      if (!t) return cNet.resume(id);
      t.sock.resume();
    },
    abort(id) {
      const t = ours(id);
      if (!t) return cNet.abort(id);
      t.done = true;
      live.delete(id);
      t.sock.destroy();
    },
    check(url) {
      return local(url) ? null : cNet.check(url);
    },
  };
};
