// Request options planted on Object.prototype (host, hostname, port, path,
// socketPath, lookup, agent, headers) try to turn requests to the allowed
// server into requests to the trap.
import http from "node:http";
const trap = { host: "127.0.0.1", hostname: "127.0.0.1", port: $PB, socketPath: "/tmp/x.sock", lookup: (h, o, cb) => cb(null, "127.0.0.1", 4), localAddress: "127.0.0.1", setHost: false };
for (const [k, v] of Object.entries(trap)) Object.prototype[k] = v;
const get = (opts) => new Promise((res) => {
  let req;
  try { req = http.request(opts, (m) => { let b = ""; m.on("data", (d) => (b += d)); m.on("end", () => res(m.statusCode + " " + b)); }); } catch (e) { return res("refused " + e.code); }
  req.on("error", (e) => res("error " + e.code)); req.end();
});
console.log("url-string", await get("http://127.0.0.1:$PA/ok"));
console.log("url-object", await get(new URL("http://127.0.0.1:$PA/ok")));
console.log("options", await get({ protocol: "http:", host: "127.0.0.1", port: $PA, path: "/ok" }));
delete Object.prototype.socketPath;
console.log("inherited-port", await get({ protocol: "http:", path: "/ok" }));
console.log("own-host-inherited-port", await get({ host: "127.0.0.1", path: "/ok" }));
const r = await fetch("http://127.0.0.1:$PA/ok", {});
console.log("fetch", r.status, await r.text());
for (const k of Object.keys(trap)) delete Object.prototype[k];
