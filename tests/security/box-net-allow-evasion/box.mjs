// node: Host headers, proxies, setHost, a socket of the guest's own under
// an allowed name: none reaches the trap on $PB
import net from "node:net";
import http from "node:http";
const get = (o) => new Promise((ok) => { let r; try { r = http.get(o, (res) => { let b = ""; res.on("data", (d) => b += d).on("end", () => { if (b.includes("TRAPPED")) console.log("REACHED", JSON.stringify(o)); ok(); }); }); } catch (e) { console.log("thrown", e.code); return ok(); }
  r.on("error", (e) => { console.log("refused", e.code); ok(); }); r.setTimeout(3000, () => r.destroy()); });
await get({ host: "127.0.0.1", port: $PB, headers: { host: "allowed.test" } });
await get({ host: "127.0.0.1", port: $PB, path: "http://allowed.test:$PA/" });
await get({ host: "allowed.test", port: $PA, createConnection: () => net.connect($PB, "127.0.0.1") });
await get({ hostname: "allowed.test", host: "127.0.0.1", port: $PB });
await get({ host: "allowed.test", port: $PB, family: 4 });
try { const r = await fetch("http://127.0.0.1:$PB/", { headers: { host: "allowed.test" }, signal: AbortSignal.timeout(3000) }); if ((await r.text()).includes("TRAPPED")) console.log("REACHED fetch"); } catch (e) { console.log("fetch", e.cause?.code || e.name); }
try { const r = await fetch("http://allowed.test:$PA@127.0.0.1:$PB/", { signal: AbortSignal.timeout(3000) }); console.log("REACHED userinfo", r.status); } catch (e) { console.log("userinfo", e.cause?.code || e.name); }
console.log(await (await fetch("http://allowed.test:$PA/ok")).text(), "done");
