import http from "node:http";
const srv = http.createServer((q, s) => s.end("BOX-SERVER")).listen($PB, async () => {
  for (const h of ["127.0.0.1", "localhost", "[::1]"]) console.log(await (await fetch(`http://${h}:$PB/`)).text());
  srv.close(); console.log("done");
});
