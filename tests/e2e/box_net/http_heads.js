// The bytes an http server writes, read over a raw socket (Date masked).
const http = require("http");
const net = require("net");
const srv = http.createServer((req, res) => {
  switch (req.url) {
    case "/plain": res.end("hi"); break;
    case "/head": res.writeHead(201, { "X-A": "1", "Content-Type": "text/plain" }); res.end("created"); break;
    case "/chunks": res.write("one"); res.write(Buffer.from("two")); res.end(); break;
    case "/empty": res.statusCode = 204; res.end(); break;
    case "/message": res.statusMessage = "Fine Thanks"; res.end(); break;
    case "/cookies": res.setHeader("Set-Cookie", ["a=1", "b=2"]); res.setHeader("x-n", 5); res.end("c"); break;
    case "/trailers": res.setHeader("Trailer", "X-T"); res.write("t"); res.addTrailers({ "X-T": "done" }); res.end(); break;
    case "/len": res.setHeader("Content-Length", 3); res.write("abc"); res.end(); break;
    case "/headers": res.end(JSON.stringify({ headers: req.headers, raw: req.rawHeaders, v: req.httpVersion })); break;
    default: res.statusCode = 404; res.end();
  }
});
const reqs = [
  "GET /plain HTTP/1.1\r\nHost: x\r\n\r\n",
  "HEAD /head HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /head HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /chunks HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /empty HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /message HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /cookies HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /trailers HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /len HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /headers HTTP/1.1\r\nHost: x\r\nX-Dup: 1\r\nX-Dup: 2\r\nCookie: a=1\r\nCookie: b=2\r\nUser-Agent: u1\r\nUser-Agent: u2\r\n\r\n",
  "GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
  "GET /plain HTTP/1.0\r\n\r\n",
  "GET /plain HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
  "GET /plain HTTP/1.1\r\nHost: x\r\n\r\nGET /chunks HTTP/1.1\r\nHost: x\r\n\r\n",
  "BREW /pot HTTP/1.1\r\n\r\n",
  "GET /plain HTTP/1.1\r\nBad Header\r\n\r\n",
  "POST /plain HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
];
srv.listen(0, "127.0.0.1", async () => {
  for (const r of reqs) {
    const out = await new Promise((resolve) => {
      const c = net.connect(srv.address().port, "127.0.0.1");
      let got = "";
      c.setEncoding("latin1");
      c.on("data", (d) => got += d);
      c.on("error", () => {});
      c.write(r);
      // a keep-alive connection stays open: what came by then is the answer
      const t = setTimeout(() => { c.destroy(); resolve(got); }, 300);
      c.on("close", () => { clearTimeout(t); resolve(got + "[closed]"); });
    });
    console.log(JSON.stringify(r.split("\r\n")[0]), JSON.stringify(out.replace(/Date: [^\r]*/g, "Date: D")));
  }
  srv.close();
});
