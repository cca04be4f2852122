// net_server.js - the two local servers of the network attack cases.
//
//   node net_server.js HITS_FILE
// prints "PA PB" (two ports on 127.0.0.1) and serves until killed:
// - PA, the allowed server: GET / and /ok answer "ALLOWED-OK"; /redirect?to=URL&code=N
//   answers N (default 302) with Location: URL; /chain?n=K redirects K times
//   to itself, then to /ok; every other path answers 404.
// - PB, the trap: every connection (even one that never sends a request) is
//   appended to HITS_FILE, and a request gets "TRAPPED-SECRET". A case
//   passes only if HITS_FILE stays empty.
// Both listen on IPv4 and IPv6 loopback (the trap on [::1] too, so that
// IPv6 spellings of loopback would be caught).
"use strict";
const http = require("http");
const fs = require("fs");
const hits = process.argv[2];

const allowed = http.createServer((req, res) => {
  const u = new URL(req.url, "http://x");
  if (u.pathname === "/ok" || u.pathname === "/") return res.end("ALLOWED-OK");
  if (u.pathname === "/redirect") {
    res.writeHead(Number(u.searchParams.get("code") || 302), { location: u.searchParams.get("to") });
    return res.end();
  }
  if (u.pathname === "/chain") {
    const n = Number(u.searchParams.get("n") || 0);
    res.writeHead(302, { location: n > 0 ? `/chain?n=${n - 1}` : "/ok" });
    return res.end();
  }
  res.writeHead(404).end("not found");
});

const trap = http.createServer((req, res) => {
  fs.appendFileSync(hits, `request ${req.method} ${req.url} host=${req.headers.host}\n`);
  res.end("TRAPPED-SECRET");
});
const onConn = (s) => fs.appendFileSync(hits, `connection from ${s.remoteAddress}\n`);
trap.on("connection", onConn);
const trap6 = http.createServer(trap.listeners("request")[0]);
trap6.on("connection", onConn);

allowed.listen(0, "127.0.0.1", () => {
  trap.listen(0, "127.0.0.1", () => {
    const pb = trap.address().port;
    const done = () => console.log(`${allowed.address().port} ${pb}`);
    trap6.on("error", done); // no IPv6 on this machine: the v4 trap is enough
    trap6.listen(pb, "::1", done);
  });
});
