// A thousand connections, 200 at a time, each an echo.
const net = require("net");
const srv = net.createServer((c) => c.pipe(c));
srv.listen(0, async () => {
  const port = srv.address().port;
  let ok = 0;
  for (let round = 0; round < 5; round++) {
    await Promise.all(Array.from({ length: 200 }, (_, i) => new Promise((resolve) => {
      const c = net.connect(port, "127.0.0.1", () => c.end(`r${round}c${i}`));
      let got = "";
      c.on("data", (d) => got += d);
      c.on("end", () => { if (got === `r${round}c${i}`) ok++; resolve(); });
      c.on("error", (e) => { console.log("error", e.code); resolve(); });
    })));
  }
  srv.getConnections((err, n) => {
    console.log("echoed", ok, "open after", n);
    srv.close();
  });
});
