// differential
// Web streams meet Node streams: Readable/Writable/Duplex.fromWeb and toWeb,
// pipeline()/finished() with web streams, node:stream/consumers and
// node:stream/web.
import consumers, { text, json, arrayBuffer, buffer, blob } from "node:stream/consumers";
import { Readable, Writable, Duplex, PassThrough, pipeline, finished } from "node:stream";
import { pipeline as pp, finished as fp } from "node:stream/promises";
import web from "node:stream/web";
const log = (...a) => console.log(...a);
const err = (label) => (e) => log(label, e?.name, e?.code, e?.message ?? e);
try { Readable.fromWeb({}); } catch (e) { err("fromWeb bad")(e); }
try { Readable.fromWeb(new ReadableStream(), 1); } catch (e) { err("fromWeb bad opts")(e); }
try { Readable.toWeb({}); } catch (e) { err("toWeb bad")(e); }
try { Writable.fromWeb({}); } catch (e) { err("wfromWeb bad")(e); }
try { Writable.toWeb({}); } catch (e) { err("wtoWeb bad")(e); }
try { Duplex.fromWeb({}); } catch (e) { err("dfromWeb bad")(e); }
try { Duplex.fromWeb({ readable: new ReadableStream() }); } catch (e) { err("dfromWeb bad2")(e); }
try { Duplex.toWeb({}); } catch (e) { err("dtoWeb bad")(e); }
{
  const r = Readable.fromWeb(ReadableStream.from(["a", "b"]), { encoding: "utf8" });
  log(r.readableObjectMode, r.readableHighWaterMark, r.readableEncoding);
  const out = []; for await (const c of r) out.push(c); log(out);
  const r2 = Readable.fromWeb(ReadableStream.from([new Uint8Array([1, 2]), new Uint8Array([3])]));
  const out2 = []; for await (const c of r2) out2.push(c); log(out2);
  const r3 = Readable.fromWeb(ReadableStream.from([1, { a: 1 }]), { objectMode: true });
  log(r3.readableObjectMode, r3.readableHighWaterMark); const out3 = []; for await (const c of r3) out3.push(c); log(out3);
  const r4 = Readable.fromWeb(new ReadableStream({ start(c) { c.error(new Error("web err")); } }));
  r4.on("error", err("r4 error")); r4.resume(); await new Promise((res) => r4.on("close", res));
  let canceled;
  const r5 = Readable.fromWeb(new ReadableStream({ pull(c) { c.enqueue("x"); }, cancel(r) { canceled = r; } }));
  r5.destroy(new Error("destroyed")); r5.on("error", () => {}); await new Promise((res) => r5.on("close", res)); log("canceled with", canceled?.message);
  const r6 = Readable.fromWeb(ReadableStream.from([1]));
  r6.on("error", err("r6 error")); r6.resume(); await new Promise((res) => r6.on("close", res));
}
{
  const rs = Readable.toWeb(Readable.from(["x", "y"]));
  log(rs); const out = []; for await (const c of rs) out.push(c); log(out);
  const rs2 = Readable.toWeb(Readable.from([Buffer.from("ab"), Buffer.from("c")], { objectMode: false }));
  const out2 = []; for await (const c of rs2) out2.push(c); log(out2);
  const src = new Readable({ read() {} }); const rs3 = Readable.toWeb(src); src.destroy(new Error("node err"));
  const rd = rs3.getReader(); await rd.read().catch(err("toWeb error"));
  const src4 = new Readable({ read() {} }); const rs4 = Readable.toWeb(src4); await rs4.cancel("nope"); log("src4 destroyed", src4.destroyed);
}
{
  const chunks = [];
  const ws = new WritableStream({ write(c) { chunks.push(c); }, close() { chunks.push("close"); } });
  const w = Writable.fromWeb(ws);
  log(w.writableObjectMode, w.writableHighWaterMark);
  w.write("hi"); w.write(Buffer.from("there")); w.end("!");
  await new Promise((res) => w.on("finish", res)); log(chunks.map((c) => typeof c === "string" ? c : c.constructor.name + ":" + Buffer.from(c).toString()));
  const ws2 = new WritableStream({ write() { throw new Error("sink fails"); } });
  const w2 = Writable.fromWeb(ws2); w2.on("error", err("w2 error")); w2.write("a"); await new Promise((res) => w2.on("close", res));
  const got = [];
  const nodeW = new Writable({ write(c, e, cb) { got.push(c.toString()); cb(); } });
  const web = Writable.toWeb(nodeW); log(web);
  const wr = web.getWriter(); await wr.write("abc"); await wr.write(new Uint8Array([100])); await wr.close(); log(got, nodeW.writableFinished);
}
{
  const d = Duplex.fromWeb({ readable: ReadableStream.from(["r1"]), writable: new WritableStream({ write(c) { log("duplex wrote", String(c)); } }) }, { encoding: "utf8" });
  d.write("w1"); d.end();
  for await (const c of d) log("duplex read", c);
  const pair = Duplex.toWeb(new Duplex({ read() { this.push("dr"); this.push(null); }, write(c, e, cb) { log("node duplex got", c.toString()); cb(); } }));
  log(Object.keys(pair)); const w = pair.writable.getWriter(); await w.write("to node"); await w.close();
  for await (const c of pair.readable) log("web read", c);
}

const { createRequire } = await import("node:module");
const require = createRequire(import.meta.url);
console.log(Object.keys(consumers), Object.keys(web));
console.log(require("stream/web").ReadableStream === ReadableStream, require("node:stream/web").TextDecoderStream === TextDecoderStream);
const bytes = new TextEncoder().encode("{\"a\":[1,\"é\"]}");
console.log(await text(ReadableStream.from([bytes.subarray(0, 10), bytes.subarray(10)])));
console.log(await json(Readable.from([Buffer.from(bytes)])));
console.log(await text((async function* () { yield "str"; yield new Uint8Array([0xE2, 0x82]); yield new Uint8Array([0xAC]); })()));
const ab = await arrayBuffer(ReadableStream.from([new Uint8Array([1, 2]), "x"])); console.log(ab.constructor.name, new Uint8Array(ab));
const b = await buffer(Readable.from(["ab", "c"])); console.log(b);
const bl = await blob(ReadableStream.from(["q", new Uint8Array([65])])); console.log(bl.size, await bl.text());
try { await json(ReadableStream.from(["{bad"])); } catch (e) { console.log(e.name); }
{
  const rs = new ReadableStream({ start(c) { c.enqueue("a"); c.close(); } });
  finished(rs, (e) => log("finished rs", e));
  const bad = new ReadableStream({ start(c) { c.error(new Error("bad")); } });
  finished(bad, (e) => log("finished bad", e?.message));
  const ws = new WritableStream(); finished(ws, (e) => log("finished ws", e)); ws.getWriter().close();
  await fp(new ReadableStream({ start(c) { c.close(); } })).then(() => log("fp ok"));
  await new Promise((r) => setTimeout(r, 5));
  for await (const c of rs) log("read", c);
}
{
  const out = [];
  await pp(ReadableStream.from(["a", "b"]), new TransformStream({ transform(c, ctl) { ctl.enqueue(c.toUpperCase()); } }), new WritableStream({ write(c) { out.push(c); } }));
  log("pp web", out);
  const out2 = [];
  await pp(Readable.from(["x", "y"]), new TransformStream({ transform(c, ctl) { ctl.enqueue(String(c) + "!"); } }), new Writable({ objectMode: true, write(c, e, cb) { out2.push(c); cb(); } }));
  log("pp mixed", out2);
  const out3 = [];
  await pp(ReadableStream.from(["p", "q"]), async function* (src) { for await (const c of src) yield c + c; }, new WritableStream({ write(c) { out3.push(c); } }));
  log("pp gen", out3);
  await pp(new ReadableStream({ start(c) { c.error(new Error("src failed")); } }), new WritableStream()).catch(err("pp error"));
  await new Promise((res) => pipeline(ReadableStream.from(["z"]), new PassThrough({ objectMode: true }), new WritableStream({ write(c) { log("cb pipeline got", c); } }), (e) => { log("cb pipeline done", e); res(); }));
}
{
  const d = Duplex.from(ReadableStream.from(["dr"])); log(d instanceof Duplex, d.readable, d.writable);
  for await (const c of d) log("duplex from rs", c);
  const d2 = Duplex.from(new TransformStream({ transform(c, ctl) { ctl.enqueue(String(c) + "!"); } }));
  d2.end("21"); for await (const c of d2) log("duplex from ts", String(c));
}

// a web stream that errors reaches the Node side as an 'error' event
{
  const r = Readable.fromWeb(new ReadableStream({ pull(c) { c.error(new Error("boom")); } }));
  await new Promise((done) => r.on("error", (e) => { log("fromWeb error", e.message); done(); }).resume());
  const d = Duplex.fromWeb({ readable: new ReadableStream({ pull(c) { c.error(new Error("dboom")); } }), writable: new WritableStream() });
  await new Promise((done) => d.on("error", (e) => { log("duplex fromWeb error", e.message); done(); }).resume());
}
