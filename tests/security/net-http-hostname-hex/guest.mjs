// node:http with an IP spelling in the options
import http from "node:http";
http.get({ hostname: "0x7f.1", port: $PB, path: "/" }, (res) => console.log("REACHED", res.statusCode)).on("error", (e) => console.log("refused:", e.code, e.message));
