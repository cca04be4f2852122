// node:http over a Unix socket (the Docker socket, say)
import http from "node:http";
try {
  http.get({ socketPath: "/var/run/docker.sock", path: "/containers/json" }, (res) => console.log("REACHED", res.statusCode)).on("error", (e) => console.log("refused:", e.code, e.message));
} catch (e) { console.log("refused:", e.code, e.message); }
