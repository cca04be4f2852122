// connect_proxy.js LOG - an HTTP CONNECT proxy for box_net.sh: prints its
// port, appends every CONNECT target to LOG, tunnels to it (a name "*.test"
// is 127.0.0.1), answers 403 for a target named forbidden.test and 405 for
// anything but CONNECT.
"use strict";
const net = require("net");
const fs = require("fs");
const log = process.argv[2];
const server = net.createServer((c) => {
  let head = Buffer.alloc(0);
  const onData = (d) => {
    head = Buffer.concat([head, d]);
    const end = head.indexOf("\r\n\r\n");
    if (end < 0) return;
    c.removeListener("data", onData);
    const line = head.slice(0, head.indexOf("\r\n")).toString();
    const rest = head.slice(end + 4);
    const m = /^CONNECT (\S+):(\d+) HTTP\/1\.[01]$/.exec(line);
    fs.appendFileSync(log, line + "\n");
    if (!m) return c.end("HTTP/1.1 405 Method Not Allowed\r\n\r\n");
    if (m[1] === "forbidden.test") return c.end("HTTP/1.1 403 Forbidden\r\n\r\n");
    const host = m[1].endsWith(".test") ? "127.0.0.1" : m[1].replace(/^\[|\]$/g, "");
    const up = net.connect(Number(m[2]), host, () => {
      c.write("HTTP/1.1 200 Connection established\r\n\r\n");
      if (rest.length) up.write(rest);
      c.pipe(up).pipe(c);
    });
    up.on("error", () => c.end("HTTP/1.1 502 Bad Gateway\r\n\r\n"));
    c.on("error", () => up.destroy());
  };
  c.on("data", onData);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
