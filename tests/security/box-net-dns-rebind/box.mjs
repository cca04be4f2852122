// node: allowed names resolving to loopback, private or metadata addresses
import net from "node:net";
import http from "node:http";
import dns from "node:dns";
for (const u of ["http://allowed.test:$PB/", "http://rebind.test:$PB/", "http://private.test/", "http://meta.test/latest/meta-data/"]) {
  try { const r = await fetch(u, { signal: AbortSignal.timeout(3000) }); console.log("REACHED", u, r.status); } catch (e) { console.log(u, e.cause?.code || e.name); }
  const { hostname, port } = new URL(u);
  await new Promise((ok) => net.connect(Number(port || 80), hostname).on("connect", function () { console.log("REACHED net", u); this.destroy(); ok(); }).on("error", (e) => { console.log("net", e.code); ok(); }));
}
// a lookup of the guest's own that answers loopback for the allowed name
await new Promise((ok) => http.get({ host: "allowed.test", port: $PB, lookup: (h, o, cb) => o.all ? cb(null, [{ address: "127.0.0.1", family: 4 }]) : cb(null, "127.0.0.1", 4) },
  (r) => { console.log("REACHED lookup", r.statusCode); ok(); }).on("error", (e) => { console.log("lookup", e.code); ok(); }));
try { await new Promise((ok) => dns.lookup("rebind.test", (e, a) => { console.log("dns", e?.code, a); ok(); })); } catch (e) { console.log("dns", e.code); }
console.log(await (await fetch("http://allowed.test:$PA/ok")).text(), "done");
