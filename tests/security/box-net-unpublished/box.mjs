// node: servers in the box on 0.0.0.0 and :: are not on the host's loopback
import net from "node:net";
import fs from "node:fs";
const p = Number(fs.readFileSync("/work/port", "utf8"));
const a = net.createServer((c) => c.end("BOX")).listen(p, "0.0.0.0");
await new Promise((ok) => a.on("listening", ok));
fs.writeFileSync("/work/ready", "");
const got = await new Promise((ok) => net.connect(p, "127.0.0.1").on("data", (d) => ok(String(d))).on("error", (e) => ok(e.code)));
console.log("box reaches its own:", got);
for (let i = 0; i < 200 && !fs.existsSync("/work/tried"); i++) await new Promise((ok) => setTimeout(ok, 50));
await new Promise((ok) => setTimeout(ok, 500));
fs.writeFileSync("/work/stop", ""); a.close(); console.log("done");
