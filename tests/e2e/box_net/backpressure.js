// 4 MB through a socket with backpressure on both sides.
const net = require("net");
const chunk = Buffer.alloc(65536, 120);
let drains = 0;
const srv = net.createServer((c) => {
  let sent = 0;
  const pump = () => {
    while (sent < 64) {
      sent++;
      if (!c.write(chunk)) { drains++; c.once("drain", pump); return; }
    }
    c.end();
  };
  pump();
});
srv.listen(0, () => {
  const c = net.connect(srv.address().port);
  let n = 0, paused = 0;
  c.on("data", (d) => {
    n += d.length;
    if (n >= (paused + 1) * 1048576 && paused < 3) {
      paused++;
      c.pause();
      setTimeout(() => c.resume(), 30);
    }
  });
  c.on("end", () => {
    console.log("received", n, "paused", paused, "server waited for drain:", drains > 0);
    srv.close();
  });
});
