// Buffers pulled from under the sandbox's C primitives: detached (transfer)
// or shrunk (resizable ArrayBuffer) before the call, or right after an
// async call took them (fs callbacks, a zlib stream, SubtleCrypto, a fetch
// and an http request body). Each call fails cleanly or uses what the
// buffer held at the call; nothing crashes or reads freed memory.
import fs from "node:fs";
import zlib from "node:zlib";
import http from "node:http";
import crypto from "node:crypto";
const t = (l, f) => { try { const r = f(); console.log(l, "ok", typeof r === "object" && r ? (r.length ?? r.byteLength ?? "") : r); } catch (e) { console.log(l, e.name, e.code ?? ""); } };
const detached = () => { const u = new Uint8Array(1 << 20); u.buffer.transfer(); return u; };
const shrunk = () => { const ab = new ArrayBuffer(1 << 20, { maxByteLength: 1 << 21 }); const u = new Uint8Array(ab); ab.resize(16); return u; };
fs.writeFileSync("f.bin", Buffer.alloc(1 << 20, 7));
for (const [name, mk] of [["detached", detached], ["shrunk", shrunk]]) {
  t(name + " writeSync(2)", () => fs.writeSync(2, mk()));
  t(name + " readSync", () => { const fd = fs.openSync("f.bin"); try { return fs.readSync(fd, mk(), 0, 16, 0); } finally { fs.closeSync(fd); } });
  t(name + " writeFileSync", () => fs.writeFileSync("g.bin", mk()));
  t(name + " randomFillSync", () => crypto.randomFillSync(mk()));
  t(name + " hash", () => crypto.createHash("sha256").update(mk()).digest("hex").length);
  t(name + " gzipSync", () => zlib.gzipSync(mk()).length > 0);
  t(name + " TextDecoder", () => new TextDecoder().decode(mk()).length);
}
const after = (label, start) => new Promise((res) => { try { start(res); } catch (e) { console.log(label, "threw", e.name); res(); } });
const big = () => new Uint8Array(1 << 20).fill(65);
const bigResizable = () => new Uint8Array(new ArrayBuffer(1 << 20, { maxByteLength: 1 << 21 })).fill(65);
await after("fs.read", (done) => { const u = bigResizable(); const fd = fs.openSync("f.bin"); fs.read(fd, u, 0, 1 << 20, 0, (e, n) => { console.log("fs.read", e ? e.code : n); done(); }); u.buffer.resize(0); });
await after("fs.write", (done) => { const u = big(); fs.writeFile("h.bin", u, (e) => { console.log("fs.writeFile", e ? e.code : fs.statSync("h.bin").size); done(); }); u.buffer.transfer(); });
await after("zlib", (done) => { const z = zlib.createGzip(); const parts = []; z.on("data", (d) => parts.push(d)); z.on("end", () => { console.log("zlib stream", zlib.gunzipSync(Buffer.concat(parts)).length); done(); }); z.on("error", (e) => { console.log("zlib stream", e.code); done(); }); const u = new Uint8Array(60000).fill(65); z.write(u); u.buffer.transfer(); z.end(); });
await after("subtle", (done) => { const u = big(); globalThis.crypto.subtle.digest("SHA-256", u).then((d) => { console.log("subtle", d.byteLength); done(); }, (e) => { console.log("subtle", e.name); done(); }); u.buffer.transfer(); });
await after("fetch", (done) => { const u = big(); fetch("http://127.0.0.1:$PA/ok", { method: "POST", body: u }).then(async (r) => { console.log("fetch", r.status, await r.text()); done(); }, (e) => { console.log("fetch", e.name); done(); }); u.buffer.transfer(); });
await after("http", (done) => { const u = big(); const req = http.request("http://127.0.0.1:$PA/ok", { method: "POST" }, (m) => { let b = ""; m.on("data", (d) => (b += d)); m.on("end", () => { console.log("http", m.statusCode, b); done(); }); }); req.on("error", (e) => { console.log("http", e.code); done(); }); req.write(u); u.buffer.transfer(); req.write(big().subarray(0, 10)); req.end(); });
console.log("END");
