// server.cjs - the local server of bench/fetch: prints its port, then
// serves "/" (a 13-byte body, keep-alive) and "/big?mb=N" (N MiB streamed).
"use strict";
const http = require("http");
const chunk = Buffer.alloc(64 * 1024, 120);
const s = http.createServer((req, res) => {
  if (req.url.startsWith("/big")) {
    const mb = Number(new URL(req.url, "http://x").searchParams.get("mb") || 100);
    let left = mb * 16;
    res.writeHead(200, { "content-length": String(mb * 1024 * 1024) });
    const pump = () => {
      while (left > 0) {
        left--;
        if (!res.write(chunk)) return res.once("drain", pump);
      }
      res.end();
    };
    return pump();
  }
  res.end("hello, bench\n");
});
s.keepAliveTimeout = 60000;
s.listen(0, "127.0.0.1", () => console.log(s.address().port));
