const net = require("net");
const forms = [[0], [0, "0.0.0.0"], [0, "localhost"], [0, "127.0.0.1"], [0, "::1"], [0, "::"]];
(async () => {
  for (const f of forms) {
    await new Promise((res) => { const s = net.createServer().listen(...f, () => { const a = s.address(); console.log(JSON.stringify(f), a.address, a.family, typeof a.port); s.close(res); }); });
  }

})();
