// node:http to localhost
import http from "node:http";
http.get({ host: "localhost", port: $PB }, (res) => console.log("REACHED", res.statusCode)).on("error", (e) => console.log("refused:", e.code, e.message));
