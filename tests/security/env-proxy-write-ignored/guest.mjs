// The guest sets every proxy variable to the trap before its requests: they
// are its own strings, never read by the sandbox's HTTP client.
import http from "node:http";
for (const n of ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"])
  process.env[n] = "http://127.0.0.1:$PB";
process.env.NO_PROXY = process.env.no_proxy = "";
process.env.NODE_USE_ENV_PROXY = "1";
const r = await fetch("http://127.0.0.1:$PA/ok");
console.log("fetch", r.status, await r.text());
const body = await new Promise((res, rej) => http.get("http://127.0.0.1:$PA/ok", (m) => { let b = ""; m.on("data", (d) => (b += d)); m.on("end", () => res(b)); }).on("error", rej));
console.log("http", body);
try { await fetch("http://127.0.0.1:$PB/"); console.log("TRAP REACHED"); } catch (e) { console.log("trap refused:", e.cause?.message?.slice(0, 40)); }
