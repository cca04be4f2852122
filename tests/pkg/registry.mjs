#!/usr/bin/env node
// registry.mjs - a fixture npm registry for the package tests.
//
//   node tests/pkg/registry.mjs [--log FILE] [--delay MS] [--max-age S]
//
// Listens on 127.0.0.1 (a free port), builds the tarballs of fixtures.mjs,
// prints "PORT\n" on stdout when ready and serves until killed:
//   GET /NAME, /@SCOPE%2fNAME, /@SCOPE/NAME   the abbreviated packument
//       (ETag, If-None-Match -> 304, Cache-Control: max-age=S, default 300)
//   GET /NAME/-/BASENAME-VERSION.tgz           the tarball
// Every request is appended to the log as "METHOD /raw/path"; a packument
// answered 304 (If-None-Match) adds "304 /raw/path", one asked for without
// the abbreviated form in Accept "NO-CORGI-ACCEPT /raw/path". A second
// server, the trap, listens on another port; tarball URLs and redirects of
// the attack fixtures point there. Every connection to it is logged as
// "TRAP connection" (and "TRAP data FIRST-LINE" when bytes arrive); a
// request gets TRAPPED-SECRET. A test fails when the log has a TRAP line.
// --delay MS delays every answer (a slow registry).
// Tarballs marked lazy (the bombs) are built on first use and kept in
// $TMPDIR/acs-pkg-fixtures/ between runs.
import http from "node:http";
import net from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { packages } from "./fixtures.mjs";
import { gzipEntries } from "./tar.mjs";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const LOG = opt("--log", null);
const DELAY = Number(opt("--delay", 0));
const MAX_AGE = Number(opt("--max-age", 300));
const log = (line) => { if (LOG) fs.appendFileSync(LOG, line + "\n"); };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const PKG_FIELDS = ["type", "main", "exports", "dependencies", "peerDependencies", "peerDependenciesMeta",
  "optionalDependencies", "os", "cpu", "scripts", "gypfile", "bin"];
const DOC_FIELDS = ["dependencies", "peerDependencies", "peerDependenciesMeta", "optionalDependencies",
  "os", "cpu", "deprecated", "bin"];

const basename = (name) => name.replace(/^@[^/]+\//, "");
const tarballPath = (name, version) => `/${name}/-/${basename(name)}-${version}.tgz`;

function packageJson(name, v, ctx) {
  const pj = { name, version: v.version, description: `fixture ${name}`, license: "MIT" };
  for (const f of PKG_FIELDS) if (v[f] !== undefined) pj[f] = v[f];
  if (v.depsFn) pj.dependencies = v.depsFn(ctx);
  return pj;
}

function tarEntriesFor(name, v, ctx) {
  const root = v.root || "package";
  const extra = typeof v.entries === "function" ? v.entries() : v.entries || [];
  if (v.onlyEntries) return extra;
  const files = v.files || { "index.js": defaultIndex(name, v) };
  const list = [{ path: `${root}/package.json`, content: JSON.stringify(packageJson(name, v, ctx), null, 2) + "\n" }];
  for (const [p, content] of Object.entries(files)) list.push({ path: `${root}/${p}`, content });
  return list.concat(extra);
}

function defaultIndex(name, v) {
  const deps = Object.keys(v.dependencies || {});
  return `"use strict";\nexports.name = ${JSON.stringify(name)};\nexports.version = ${JSON.stringify(v.version)};\n` +
    `exports.deps = {};\nfor (const d of ${JSON.stringify(deps)}) exports.deps[d] = require(d);\n`;
}

// ---------------------------------------------------------------- tarballs
const tarballs = new Map(); // path -> { name, v, bytes | promise }
const CACHE = path.join(os.tmpdir(), "acs-pkg-fixtures");
const TAR_VERSION = "1"; // bump when tar.mjs changes its output

async function buildTarball(name, v, ctx) {
  const entries = tarEntriesFor(name, v, ctx);
  if (!v.lazy) return gzipEntries(entries, 9);
  const key = crypto.createHash("sha256")
    .update(TAR_VERSION + JSON.stringify(entries.length > 1000 ? [entries.length, entries[0], entries.at(-1)] : entries))
    .digest("hex").slice(0, 16);
  const file = path.join(CACHE, `${name.replace("/", "+")}-${v.version}-${key}.tgz`);
  try { return fs.readFileSync(file); } catch {}
  const bytes = await gzipEntries(entries, 1);
  fs.mkdirSync(CACHE, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, file);
  return bytes;
}

function tarball(name, v, ctx) {
  const p = tarballPath(name, v.version);
  let t = tarballs.get(p);
  if (!t) {
    t = { name, v, promise: null, bytes: null };
    tarballs.set(p, t);
  }
  if (!t.promise) {
    t.promise = (v.serveTarball === "garbage-ok" ? Promise.resolve(Buffer.from("this is not a gzip file\n".repeat(20)))
      : buildTarball(name, v, ctx)).then((b) => (t.bytes = b));
  }
  return t.promise;
}

// ---------------------------------------------------------------- packuments
async function packument(name, ctx) {
  const p = packages[name];
  const versions = {};
  for (const v of p.versions) {
    const bytes = await tarball(name, v, ctx);
    let dist = {
      tarball: ctx.base + tarballPath(name, v.version),
      shasum: crypto.createHash("sha1").update(bytes).digest("hex"),
      integrity: "sha512-" + crypto.createHash("sha512").update(bytes).digest("base64"),
      fileCount: 1,
      unpackedSize: bytes.length,
    };
    if (v.dist) dist = v.dist(dist, ctx, bytes);
    let doc = { name, version: v.version };
    for (const f of DOC_FIELDS) if (v[f] !== undefined) doc[f] = v[f];
    if (v.depsFn) doc.dependencies = v.depsFn(ctx);
    // npm publish lists optional dependencies under dependencies too
    if (v.optionalDependencies) doc.dependencies = { ...(doc.dependencies || {}), ...v.optionalDependencies };
    if (v.scripts && (v.scripts.install || v.scripts.preinstall || v.scripts.postinstall) || v.gypfile)
      doc.hasInstallScript = true;
    doc.dist = dist;
    if (v.doc) doc = v.doc(doc, ctx);
    versions[v.version] = doc;
  }
  let doc = { name, "dist-tags": p.distTags, versions, modified: "2024-01-01T00:00:00.000Z" };
  if (typeof p.meta === "function") doc = p.meta(doc, ctx);
  return doc;
}

// "/fx-cjs", "/@fx%2fscoped", "/@fx/scoped" -> the name, or null
function packumentName(raw) {
  let m = /^\/(@[^/]+)(?:\/|%2[fF])([^/]+)$/.exec(raw);
  let name;
  try {
    if (m) name = decodeURIComponent(m[1]) + "/" + decodeURIComponent(m[2]);
    else if ((m = /^\/([^/@][^/]*)$/.exec(raw))) name = decodeURIComponent(m[1]);
  } catch { return null; }
  return name ?? null;
}

// ---------------------------------------------------------------- servers
let ctx;

const trap = net.createServer((sock) => {
  log("TRAP connection");
  sock.once("data", (d) => {
    const line = d.toString("latin1").split("\r\n")[0];
    log("TRAP data " + (/^[\x20-\x7e]*$/.test(line) ? line.slice(0, 200)
      : `(${d.length} bytes, binary: ${d[0] === 0x16 ? "a TLS handshake" : "not HTTP"})`));
    sock.end("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 15\r\nconnection: close\r\n\r\nTRAPPED-SECRET\n");
  });
  sock.on("error", () => {});
});
const trap6 = net.createServer(trap.listeners("connection")[0]);

function streamBig(res) {
  // {"name":...,"versions":{"1.0.0":{...}},"padding":"xxxx...."} (~100 MB)
  const head = `{"name":"evil-bigmeta","dist-tags":{"latest":"1.0.0"},"versions":{"1.0.0":{"name":"evil-bigmeta","version":"1.0.0","dist":{"tarball":"${ctx.base}/evil-bigmeta/-/evil-bigmeta-1.0.0.tgz","shasum":"0000000000000000000000000000000000000000"}}},"padding":"`;
  const chunk = Buffer.alloc(1 << 20, "x");
  const total = 100;
  res.writeHead(200, { "content-type": "application/json", "content-length": head.length + total * chunk.length + 2 });
  res.write(head);
  let i = 0;
  const pump = () => {
    while (i < total) {
      i++;
      if (!res.write(chunk)) return res.once("drain", pump);
    }
    res.end(`"}`);
  };
  res.on("error", () => {});
  pump();
}

async function handle(req, res) {
  const raw = req.url;
  log(`${req.method} ${raw}`);
  if (DELAY) await sleep(DELAY);
  const send = (status, body, headers = {}) => {
    res.writeHead(status, { "content-length": Buffer.byteLength(body), ...headers });
    res.end(body);
  };
  if (req.method !== "GET" && req.method !== "HEAD") return send(405, "{}");
  const pathOnly = raw.split("?")[0];

  // tarballs
  const t = tarballs.get(pathOnly) || tarballs.get(decodeURIComponentSafe(pathOnly));
  if (t) {
    tarball(t.name, t.v, ctx); // starts a lazy build
    const v = t.v;
    if (v.tarballDelayMs) await sleep(v.tarballDelayMs);
    switch (v.serveTarball) {
      case "redirect-http": return send(302, "", { location: `${ctx.trap}${pathOnly}` });
      case "redirect-https": return send(302, "", { location: `https://127.0.0.1:${ctx.trapPort}${pathOnly}` });
      case "404": return send(404, '{"error":"not found"}', { "content-type": "application/json" });
      case "stall": req.socket.setTimeout(0); return; // never answer
    }
    const bytes = await t.promise;
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": bytes.length });
    return res.end(req.method === "HEAD" ? undefined : bytes);
  }

  const name = packumentName(pathOnly);
  const p = name && Object.prototype.hasOwnProperty.call(packages, name) ? packages[name] : null;
  if (!p) return send(404, '{"error":"Not found"}', { "content-type": "application/json" });
  switch (p.meta) {
    case "stall": req.socket.setTimeout(0); return;
    case "trickle": {
      req.socket.setTimeout(0);
      res.writeHead(200, { "content-type": "application/json" });
      res.write("{");
      const timer = setInterval(() => res.write(" "), 500);
      res.on("close", () => clearInterval(timer));
      return;
    }
    case "big": return streamBig(res);
    case "garbage": return send(200, "<html>not a packument</html>", { "content-type": "application/json" });
    case "500": return send(500, '{"error":"internal"}', { "content-type": "application/json" });
    case "redirect-http": return send(302, "", { location: `${ctx.trap}${pathOnly}` });
    case "redirect-https": return send(302, "", { location: `https://127.0.0.1:${ctx.trapPort}${pathOnly}` });
  }
  const body = JSON.stringify(await packument(name, ctx));
  const etag = `"${crypto.createHash("sha1").update(body).digest("hex")}"`;
  const headers = {
    "content-type": "application/vnd.npm.install-v1+json",
    etag,
    "cache-control": `public, max-age=${MAX_AGE}`,
  };
  if (!/application\/vnd\.npm\.install-v1\+json/.test(req.headers.accept || "")) log(`NO-CORGI-ACCEPT ${raw}`);
  if (req.headers["if-none-match"] === etag) {
    log(`304 ${raw}`);
    res.writeHead(304, headers);
    return res.end();
  }
  send(200, req.method === "HEAD" ? "" : body, headers);
}

function decodeURIComponentSafe(s) { try { return decodeURIComponent(s); } catch { return s; } }

const server = http.createServer((req, res) => {
  handle(req, res).catch((e) => {
    try { res.writeHead(500); res.end(String(e && e.stack || e)); } catch {}
    process.stderr.write(`registry: ${e && e.stack || e}\n`);
  });
});
server.keepAliveTimeout = 5000;

const listen = (srv, port, host) => new Promise((res, rej) => {
  srv.once("error", rej);
  srv.listen(port, host, () => res(srv.address().port));
});

const port = await listen(server, 0, "127.0.0.1");
const trapPort = await listen(trap, 0, "127.0.0.1");
await listen(trap6, trapPort, "::1").catch(() => {}); // no IPv6: the v4 trap is enough
ctx = { base: `http://127.0.0.1:${port}`, trap: `http://127.0.0.1:${trapPort}`, trapPort };
// Build every tarball that is not lazy now, so answers are quick.
for (const [name, p] of Object.entries(packages))
  for (const v of p.versions) {
    if (v.lazy) continue;
    await tarball(name, v, ctx);
  }
// lazy ones: register their paths so that a tarball request finds them
for (const [name, p] of Object.entries(packages))
  for (const v of p.versions) {
    const tp = tarballPath(name, v.version);
    if (!tarballs.has(tp)) tarballs.set(tp, { name, v, promise: null, bytes: null });
  }
process.stdout.write(`${port}\n`);
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => process.exit(0));
