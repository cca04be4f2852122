// allowHalfOpen: the server answers after the client ended its side.
const net = require("net");
const srv = net.createServer({ allowHalfOpen: true }, (c) => {
  let got = "";
  c.on("data", (d) => got += d);
  c.on("end", () => {
    console.log("server: client ended, writable", c.writable);
    setTimeout(() => c.end("late reply to " + got), 20);
  });
});
srv.listen(0, () => {
  const c = net.connect(srv.address().port, () => c.end("question"));
  c.setEncoding("utf8");
  let got = "";
  c.on("data", (d) => got += d);
  c.on("end", () => { console.log("client:", got); srv.close(); });
  c.on("close", () => console.log("client closed"));
});
