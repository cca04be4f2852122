const net = require("net");
const s = net.createServer((c) => { console.log("server sees", c.remoteAddress, c.localAddress); c.end(); s.close(); }).listen(0, () => {
  const c = net.connect(s.address().port, "localhost", () => console.log("client", c.remoteAddress, c.localAddress, c.remoteFamily));
  c.resume();
});
