// node:http to the trap
import http from "node:http";
http.get("http://127.0.0.1:$PB/", (res) => console.log("REACHED", res.statusCode)).on("error", (e) => console.log("refused:", e.code, e.message));
