// listening is not allowed
import http from "node:http";
try { http.createServer(() => {}).listen(0); console.log("REACHED"); } catch (e) { console.log("refused:", e.code, e.message); }
