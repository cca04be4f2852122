import net from "node:net";
import http from "node:http";
for (const h of ["127.0.0.1", "localhost", "::1", "::ffff:127.0.0.1", "0.0.0.0", "127.1", "2130706433"]) {
  try { const r = await fetch(`http://${h.includes(":") ? `[${h}]` : h}:$PB/`, { signal: AbortSignal.timeout(3000) }); console.log("REACHED fetch", h, r.status); }
  catch (e) { console.log("fetch", h, e.cause?.code || e.name); }
  await new Promise((ok) => net.connect($PB, h).on("connect", function () { console.log("REACHED net", h); this.destroy(); ok(); }).on("error", (e) => { console.log("net", h, e.code); ok(); }));
}
await new Promise((ok) => http.get(`http://127.0.0.1:$PB/`, () => { console.log("REACHED http"); ok(); }).on("error", (e) => { console.log("http", e.code); ok(); }));
console.log("done");
