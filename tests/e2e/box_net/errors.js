const net = require("net");
const a = net.createServer().listen(4000, () => {
  const b = net.createServer();
  b.on("error", (e) => {
    console.log("second:", e.message, e.code, e.errno, e.syscall, e.address, e.port);
    const c = net.connect(4001, "127.0.0.1");
    c.on("error", (e) => {
      console.log("connect:", e.message, e.code, e.errno, e.syscall, e.address, e.port);
      const s = net.createServer().listen(0, "127.0.0.1", () => {
        console.log("bound", s.address().address, s.address().family);
        const d = net.connect(s.address().port, "::1");
        d.on("error", (e) => { console.log("v6 to v4:", e.code); a.close(); s.close(); });
        d.on("connect", () => { console.log("v6 to v4 connected?"); d.destroy(); a.close(); s.close(); });
      });
    });
  });
  b.listen(4000);
});
