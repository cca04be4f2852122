// as agent, ports below 1024 are root's, as on Linux
import net from "node:net";
for (const p of [80, 443, 1023]) await new Promise((ok) => net.createServer().listen(p).on("listening", function () { console.log("LISTENING", p); this.close(); ok(); }).on("error", (e) => { console.log(p, e.code); ok(); }));
await new Promise((ok) => net.createServer().listen(8080, function () { console.log("8080 ok"); this.close(); ok(); }));
console.log("done");
