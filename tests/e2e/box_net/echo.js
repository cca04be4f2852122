const net = require("net");
const srv = net.createServer((c) => {
  console.log("server: connection from", c.remoteAddress, typeof c.remotePort);
  c.on("data", (d) => { c.write("echo:" + d); });
  c.on("end", () => { console.log("server: end"); });
  c.on("close", (h) => { console.log("server: close", h); srv.close(() => console.log("server closed")); });
});
srv.listen(0, () => {
  const { port, address, family } = srv.address();
  console.log("listening", address, family, port > 0);
  const c = net.connect(port, "127.0.0.1", () => {
    console.log("client: connected", c.remoteAddress, c.remotePort === port);
    c.write("hello");
  });
  c.setEncoding("utf8");
  c.on("data", (d) => { console.log("client got", d); c.end(); });
  c.on("end", () => console.log("client: end"));
  c.on("close", (h) => console.log("client: close", h));
});
