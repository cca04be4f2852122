// node:http: the Host header is not where the socket goes
import http from "node:http";
http.get({ host: "127.0.0.1", port: $PB, headers: { host: "allowed.test" } }, (res) => console.log("REACHED", res.statusCode)).on("error", (e) => console.log("refused:", e.code, e.message));
