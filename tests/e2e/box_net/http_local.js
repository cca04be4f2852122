const http = require("http");
const srv = http.createServer((req, res) => {
  let body = "";
  req.on("data", (d) => body += d);
  req.on("end", () => {
    if (req.url === "/chunked") { res.write("a"); res.write("b"); res.end("c"); return; }
    if (req.url === "/404") { res.statusCode = 404; res.end("nope"); return; }
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ method: req.method, url: req.url, body, ua: typeof req.headers["user-agent"], conn: req.headers.connection }));
  });
});
srv.listen(0, "127.0.0.1", async () => {
  const port = srv.address().port;
  const base = `http://127.0.0.1:${port}`;
  let r = await fetch(base + "/x?y=1");
  console.log("fetch", r.status, r.headers.get("content-type"), await r.text());
  r = await fetch(base + "/p", { method: "POST", body: "hello" });
  console.log("fetch post", await r.json());
  r = await fetch(base + "/chunked");
  console.log("chunked", r.headers.get("transfer-encoding"), await r.text());
  r = await fetch(base + "/404");
  console.log("404", r.status, r.statusText, r.ok);
  http.get(base + "/get", (res) => {
    let d = "";
    res.setEncoding("utf8");
    res.on("data", (c) => d += c);
    res.on("end", () => {
      console.log("http.get", res.statusCode, res.headers["content-length"], d);
      const req = http.request(base + "/req", { method: "PUT" }, (res2) => {
        res2.resume();
        res2.on("end", () => {
          console.log("http.request", res2.statusCode);
          fetch(`http://127.0.0.1:1/`).catch((e) => { console.log("refused", e.message); srv.close(); });
        });
      });
      req.end("body!");
    });
  });
});
