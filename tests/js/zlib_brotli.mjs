// differential
// node:zlib brotli: round trips through every form (sync, callback,
// promisified, streams fed in small pieces, pipeline), compressed bytes
// compared with Node's for fixed parameters, Node-made data decoded, corrupt
// and truncated input, maxOutputLength against a bomb (one-shot) and
// backpressure (streams), option validation, flush(), chunkSize, info,
// reset(), and the BROTLI_* constants.
import zlib from "node:zlib";
import util from "node:util";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

const C = zlib.constants;
const crc = (b) => zlib.crc32(b).toString(16);
const show = (e) => `${e.name} ${e.code} ${e.errno} ${e.message}`;
const tick = () => new Promise((r) => setImmediate(r));

// ------------------------------------------------------------- constants
console.log(Object.entries(C).filter(([k]) => k.startsWith("BROTLI")).map(([k, v]) => `${k}=${v}`).join(" "));
console.log("BROTLI_ENCODE" in zlib, "BROTLI_OPERATION_FLUSH" in zlib, Object.keys(zlib).filter((k) => /rotli/.test(k)).join(" "));
console.log(typeof zlib.BrotliCompress, zlib.BrotliCompress.name, zlib.BrotliDecompress.name,
  zlib.BrotliCompress() instanceof zlib.BrotliCompress, new zlib.BrotliDecompress() instanceof Readable,
  zlib.createBrotliCompress() instanceof zlib.BrotliCompress, zlib.createBrotliDecompress().constructor.name);

// ------------------------------------------------------------------ data
let seed = 0x2545f491;
function random(n) {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
    b[i] = seed & 0xff;
  }
  return b;
}
const rnd = random(1 << 20);
const text = Buffer.from("All work and no play makes Jack a dull boy. ".repeat(24000)).subarray(0, 1 << 20);
// words in a random order: compresses, but not to nothing
const vocab = ["brotli", "window", "quality", "stream", "buffer", "node", "zlib", "chunk", "flush", "decoder", "encoder",
  "the", "a", "of", "and", "to", "in", "is", "it", "with", "as", "for", "on", "that"];
const doc = Buffer.from(Array.from(random(12000), (b) => vocab[b % vocab.length]).join(" ")).subarray(0, 60000);
const sets = [["empty", Buffer.alloc(0)], ["small", Buffer.from("hello brotli")], ["random 1MB", rnd], ["text 1MB", text]];

function pieces(buf, size) {
  const out = [];
  for (let i = 0; i < buf.length; i += size) out.push(buf.subarray(i, i + size));
  return out;
}

// write in pieces, collect the output
function viaStream(stream, input, size) {
  return new Promise((resolve, reject) => {
    const out = [];
    stream.on("data", (d) => out.push(d));
    stream.on("end", () => resolve(Buffer.concat(out)));
    stream.on("error", reject);
    for (const p of pieces(input, size)) stream.write(p);
    stream.end();
  });
}

const cb = (f, ...args) => new Promise((resolve) => f(...args, (err, res) => resolve(err || res)));
const fast = { params: { [C.BROTLI_PARAM_QUALITY]: 5 } };

for (const [name, data] of sets) {
  const packed = zlib.brotliCompressSync(data);
  const back = zlib.brotliDecompressSync(packed);
  console.log(name, "sync", packed.length, crc(packed), back.equals(data));
  const packedCb = await cb(zlib.brotliCompress, data);
  console.log(name, "callback", packedCb.equals(packed), (await cb(zlib.brotliDecompress, packedCb)).equals(data));
  const pc = util.promisify(zlib.brotliCompress), pd = util.promisify(zlib.brotliDecompress);
  const packedP = await pc(data, fast);
  console.log(name, "promisified", packedP.length, crc(packedP), (await pd(packedP)).equals(data));
  const packedS = await viaStream(zlib.createBrotliCompress(fast), data, 4096);
  console.log(name, "stream", packedS.equals(packedP), (await viaStream(zlib.createBrotliDecompress(), packedS, 1000)).equals(data));
  const out = [];
  await pipeline(Readable.from(pieces(data, 65536)), zlib.createBrotliCompress(fast), zlib.createBrotliDecompress(),
    new Writable({ write(chunk, enc, done) { out.push(chunk); done(); } }));
  console.log(name, "pipeline", Buffer.concat(out).equals(data));
}
// strings, typed arrays, DataView, ArrayBuffer as input
const ab = new Uint16Array([1, 2, 3, 65535]);
for (const input of ["text ✓", ab, new DataView(ab.buffer), ab.buffer, new Uint8Array(ab.buffer, 2, 4)]) {
  const p = zlib.brotliCompressSync(input);
  console.log("input", p.toString("hex"), zlib.brotliDecompressSync(p).toString("hex"));
}

// ----------------------------------------- fixed parameters, byte for byte
for (let q = 0; q <= 11; q++)
  console.log("quality", q, zlib.brotliCompressSync("hello hello hello brotli", { params: { [C.BROTLI_PARAM_QUALITY]: q } }).toString("hex"));
for (const q of [1, 5, 9, 11])
  for (const w of [10, 16, 24]) {
    const p = zlib.brotliCompressSync(doc, { params: { [C.BROTLI_PARAM_QUALITY]: q, [C.BROTLI_PARAM_LGWIN]: w } });
    console.log("q/lgwin", q, w, p.length, crc(p), zlib.brotliDecompressSync(p).equals(doc));
  }
const mixed = Buffer.concat([doc.subarray(0, 20000), rnd.subarray(0, 20000), doc.subarray(0, 5000)]);
for (const [k, v] of [[C.BROTLI_PARAM_MODE, C.BROTLI_MODE_TEXT], [C.BROTLI_PARAM_MODE, C.BROTLI_MODE_FONT],
  [C.BROTLI_PARAM_SIZE_HINT, mixed.length], [C.BROTLI_PARAM_LGBLOCK, 16], [C.BROTLI_PARAM_LGBLOCK, 24],
  [C.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING, true], [C.BROTLI_PARAM_NPOSTFIX, 2], [C.BROTLI_PARAM_NDIRECT, 12],
  [C.BROTLI_PARAM_QUALITY, 100], [C.BROTLI_PARAM_LGWIN, 100], [C.BROTLI_PARAM_QUALITY, -1], [C.BROTLI_PARAM_QUALITY, 5.7]]) {
  const p = zlib.brotliCompressSync(mixed, { params: { [C.BROTLI_PARAM_QUALITY]: 6, [k]: v } });
  console.log("param", k, v, p.length, crc(p), zlib.brotliDecompressSync(p).equals(mixed));
}
// large windows need the decoder's parameter
const lw = zlib.brotliCompressSync(mixed, { params: { [C.BROTLI_PARAM_LARGE_WINDOW]: 1, [C.BROTLI_PARAM_LGWIN]: 26, [C.BROTLI_PARAM_QUALITY]: 5 } });
console.log("large window", lw.length, crc(lw));
try { zlib.brotliDecompressSync(lw); } catch (e) { console.log("large window, plain decoder:", show(e)); }
console.log("large window, decoder param:", zlib.brotliDecompressSync(lw, { params: { [C.BROTLI_DECODER_PARAM_LARGE_WINDOW]: true } }).equals(mixed));
console.log("ring buffer param:", zlib.brotliDecompressSync(lw, { params: { [C.BROTLI_DECODER_PARAM_LARGE_WINDOW]: 1,
  [C.BROTLI_DECODER_PARAM_DISABLE_RING_BUFFER_REALLOCATION]: 1 } }).equals(mixed));
// finishFlush and flush options on the one-shot form
for (const f of [0, 1, 2]) console.log("finishFlush", f, zlib.brotliCompressSync("abc", { finishFlush: f }).toString("hex"));

// --------------------------------------------------------- Node-made data
const sample = Array.from({ length: 60 }, (_, i) => `line ${i}: brotli ${i * i} ${"abcdefghij".slice(i % 10)}`).join("\n");
const fromNode = {
  // zlib.brotliCompressSync(sample)
  plain: "GzgGoIzEOCbyIs707HCUqhDdZ+yNse9Z7huNIIjwH5wKeBiM6cvquGYbFnBbQl76nVO1FJOTvwUeJU0Xf2P/4tufwi5iUfPIalgZbqEy3nBlur7K3MCU5ZOpbD40lb3eV9l248quW9RN0vb0yQq7OQI34RG4hRmFHUdhA4ErhsAll8CFSGCtASYZ9G3Q9YJeCDp5YMyAY/PA0Udw5C0YrKGkg/wb6CeaoF/oBf0AAroBgr7AA31CA/qADeoRgu9hwL8xi3bf0N6adk6ww4YbBOA62XCNajikG5nEIO2cRlr5GmnjNtLCAxInpCEIqYtGatIgM/mPAg==",
  // quality 4, LARGE_WINDOW, lgwin 25
  large: "EVngGAAQHQ3N1yiEJAMO6tzvAR/P1QAHFzP9nSdLVOsJ7Yum45q6WSPYbBQePiL2WhUN86/3l8+HyGvc/n79v79Exs3t3f3D49Pzy+tlXkiIEIMjpNuNkOfQofpkxU3qD3U8S6f0xhs063ZMaFeDuNjw1feQWbWfaRDhNEjodNizHLYwuGExuOYwuBIZLNXAZgYH2+BADzioCA6oAzZosK8P2HsI9pwBizHUbKHB29BPJMuCSjkn9AMo0D5UBvQFLugTatAH7DWBShR/E/pQo3MPOp5Gp3GFwD+wAgfmssBzBOBZMuEZKuEanahhLNRidqIW8iRqESdRkds9K+1jn3bUrdBDrbYbcXh1ENfwOjYexCs=",
  // a quality 6 stream written in three parts with flush() between them
  flushed: "i/kAAAQqnMvXqBUycwk7V8JH+Lcd4HPOZZHuon+j7SexhzqZWXOhUHxd+zPLNQ3f1//a5dQP4zQv67Yf3R0cCjNB4WdVhIUk4mtRkR6fFHmHqiiRgqJGQY+lr2+4ZbVNYAkTONIURaU4EAyLBN0KQfNGYAA4HwBAwA2GscrAx/PkTTDM9N0m6yc1ljDSOCypIW6Mh0VDk+vhAbVATiDmIDUQeqEwsJiFdoFmD6YLrj3OP3is4iCutXiqWwceSA3fqRn4J37wVx74owQ+1SBvGmSsOSbumHQx4U0CRXZIZAtFNrjITIpeo+k+U3SXLbrHFf3If89LCjYAwQUAQMBNliqh4sEZs7AB5xqGDaIHIHUwaJmggUWPnPU=",
};
const nodePlain = Buffer.from(fromNode.plain, "base64");
console.log("node plain", zlib.brotliDecompressSync(nodePlain).toString() === sample, zlib.brotliCompressSync(sample).equals(nodePlain));
try { zlib.brotliDecompressSync(Buffer.from(fromNode.large, "base64")); } catch (e) { console.log("node large:", show(e)); }
console.log("node large", zlib.brotliDecompressSync(Buffer.from(fromNode.large, "base64"),
  { params: { [C.BROTLI_DECODER_PARAM_LARGE_WINDOW]: 1 } }).toString() === sample);
const nodeFlushed = Buffer.from(fromNode.flushed, "base64");
console.log("node flushed", zlib.brotliDecompressSync(nodeFlushed).toString() === sample,
  (await viaStream(zlib.createBrotliDecompress(), nodeFlushed, 3)).toString() === sample);
{
  const c = zlib.createBrotliCompress({ params: { [C.BROTLI_PARAM_QUALITY]: 6 } });
  const got = [];
  c.on("data", (x) => got.push(x));
  const ours = new Promise((resolve) => c.on("end", () => resolve(Buffer.concat(got))));
  c.write(sample.slice(0, 500)); c.flush(); c.write(sample.slice(500, 1500)); c.flush(); c.end(sample.slice(1500));
  console.log("flushed stream as Node's", (await ours).equals(nodeFlushed));
}

// ------------------------------------------------- corrupt and truncated
const good = zlib.brotliCompressSync(doc.subarray(0, 5000));
const flipped = Buffer.from(good); flipped[10] ^= 0x55;
const corrupt = [
  ["not brotli", Buffer.from("this is not brotli at all")], ["ff", Buffer.from([0xff, 0xff, 0xff, 0xff])],
  ["zeros", Buffer.alloc(16)], ["empty", Buffer.alloc(0)], ["one byte", good.subarray(0, 1)],
  ["truncated 5", good.subarray(0, 5)], ["truncated half", good.subarray(0, good.length >> 1)],
  ["truncated -1", good.subarray(0, good.length - 1)], ["flipped", flipped],
  ["gzip data", zlib.gzipSync("hello")], ["bad window", Buffer.from([0x11, 0x00])],
];
for (const [name, bad] of corrupt) {
  try { const r = zlib.brotliDecompressSync(bad); console.log("corrupt", name, "ok", r.length); }
  catch (e) { console.log("corrupt", name, e.code, e.message, e.errno, e instanceof Error, Object.keys(e).join(",")); }
}
for (const [name, bad] of corrupt.slice(0, 3)) {
  const r = await cb(zlib.brotliDecompress, bad);
  console.log("corrupt callback", name, r.code, r.message, r.errno);
  const d = zlib.createBrotliDecompress();
  const got = await new Promise((resolve) => { d.on("error", resolve); d.on("data", () => {}); d.end(bad); });
  console.log("corrupt stream", name, got.code, got.message, got.errno, d.destroyed);
}
for (const cut of [10, good.length >> 1]) {
  const d = zlib.createBrotliDecompress();
  let n = 0;
  const got = await new Promise((resolve) => { d.on("error", resolve); d.on("data", (x) => (n += x.length)); d.end(good.subarray(0, cut)); });
  console.log("truncated stream", cut, got.code, got.message, got.errno, n);
}
// with finishFlush FLUSH a truncated stream gives what it has
console.log("partial", zlib.brotliDecompressSync(good.subarray(0, good.length >> 1), { finishFlush: C.BROTLI_OPERATION_FLUSH }).length,
  zlib.brotliDecompressSync(good.subarray(0, 4), { finishFlush: C.BROTLI_OPERATION_PROCESS }).length);
// data after the end of the stream is ignored
console.log("trailing", zlib.brotliDecompressSync(Buffer.concat([zlib.brotliCompressSync("abc"), Buffer.from("garbage")])).toString());
{
  const d = zlib.createBrotliDecompress();
  const out = await new Promise((resolve) => {
    const got = [];
    d.on("data", (x) => got.push(x.toString()));
    d.on("end", () => resolve(got.join("|")));
    d.write(Buffer.concat([zlib.brotliCompressSync("abc"), Buffer.from("xyz")]));
    d.end();
  });
  console.log("trailing stream", out, d.bytesWritten);
}

// --------------------------------------------------------- maxOutputLength
const bomb = zlib.brotliCompressSync(Buffer.alloc(10_000_000), { params: { [C.BROTLI_PARAM_QUALITY]: 5 } });
console.log("bomb", bomb.length);
for (const max of [1, 16384, 16385, 1_000_000, 9_999_999]) {
  try { zlib.brotliDecompressSync(bomb, { maxOutputLength: max }); console.log(max, "no error"); }
  catch (e) { console.log("bomb sync", max, e.name, e.code, e.message); }
  const r = await cb(zlib.brotliDecompress, bomb, { maxOutputLength: max });
  console.log("bomb callback", max, r.name, r.code, r.message);
}
console.log("bomb whole", zlib.brotliDecompressSync(bomb, { maxOutputLength: 10_000_000 }).length,
  zlib.brotliDecompressSync(bomb, { maxOutputLength: 10_000_000, chunkSize: 1 << 20 }).length);
try { zlib.brotliCompressSync(rnd, { maxOutputLength: 1000 }); } catch (e) { console.log("compress max", show(e)); }
// a stream holds back while its reader does not read
{
  const d = zlib.createBrotliDecompress();
  d.write(bomb);
  await new Promise((r) => setTimeout(r, 200));
  console.log("backpressure", d.readableLength > 0, d.readableLength <= d.readableHighWaterMark);
  let n = 0;
  await new Promise((resolve) => { d.on("data", (x) => (n += x.length)); d.on("end", resolve); d.end(); });
  console.log("drained", n, d.bytesWritten === bomb.length);
}

// -------------------------------------------------------------- validation
const opts = [
  { params: { 99: 1 } }, { params: { foo: 1 } }, { params: { "-1": 1 } }, { params: { 1.5: 1 } },
  { params: { 1: 1, "01": 2 } }, { params: { 1: "5" } }, { params: { 2: null } }, { params: { 0: {} } },
  { params: { 1: 10n } }, { params: "ab" }, { params: 5 }, { params: null }, { chunkSize: 10 }, { chunkSize: "10" },
  { chunkSize: Infinity }, { chunkSize: NaN }, { flush: 4 }, { flush: -1 }, { flush: "1" }, { finishFlush: 9 },
  { maxOutputLength: 0 }, { maxOutputLength: "9" }, { maxOutputLength: Infinity }, { maxOutputLength: 2 ** 53 },
  5, "s", null, { chunkSize: 64 },
];
for (const o of opts) {
  try { console.log("opts", util.inspect(o), "ok", zlib.brotliCompressSync("x", o).toString("hex")); }
  catch (e) { console.log("opts", util.inspect(o), show(e)); }
}
for (const o of [{ params: { 2: 1 } }, { params: { 8: 1 } }, { params: { 0: 5 } }]) {
  try { console.log("decoder opts", zlib.brotliDecompressSync(zlib.brotliCompressSync("x"), o).toString()); }
  catch (e) { console.log("decoder opts", util.inspect(o), show(e)); }
}
for (const input of [123, null, undefined, {}, [1, 2], true]) {
  try { zlib.brotliCompressSync(input); } catch (e) { console.log("input", show(e)); }
  try {
    // null and undefined are no chunk at all: an empty input
    const r = await new Promise((resolve) => zlib.brotliDecompress(input, (e, res) => resolve(e || res)));
    console.log("callback input", util.inspect(input), r.code, r.message);
    console.log("callback input", util.inspect(input), (await cb(zlib.brotliCompress, input)).toString("hex"));
  } catch (e) { console.log("callback input", show(e)); }
}
for (const args of [["x"], ["x", {}], ["x", {}, "nope"]]) {
  try { zlib.brotliCompress(...args); } catch (e) { console.log("callback", show(e)); }
}
try { zlib.brotliCompress("x", { params: { 99: 1 } }, () => console.log("called")); } catch (e) { console.log("callback opts", show(e)); }

// --------------------------------------------------- streams: flush, sizes
{
  const c = zlib.createBrotliCompress();
  const got = [];
  c.on("data", (x) => got.push(x));
  c.write("hello ");
  await new Promise((r) => c.flush(r));
  const b = Buffer.concat(got);
  console.log("flush", b.toString("hex"), zlib.brotliDecompressSync(b, { finishFlush: C.BROTLI_OPERATION_FLUSH }).toString());
  c.write("world");
  await new Promise((r) => c.flush(C.BROTLI_OPERATION_PROCESS, r));
  console.log("flush process", Buffer.concat(got).length === b.length);
  try { c.flush(99); } catch (e) { console.log("flush 99", show(e)); }
  await new Promise((r) => { c.on("end", r); c.end(); });
  console.log("flush end", zlib.brotliDecompressSync(Buffer.concat(got)).toString(), c.bytesWritten, c._closed, c.destroyed);
  await new Promise((r) => c.flush(r));
  console.log("flush after end ok");
}
for (const chunkSize of [64, 1000, 16384, 100000]) {
  const d = zlib.createBrotliDecompress({ chunkSize });
  const sizes = [];
  await new Promise((resolve) => {
    d.on("data", (x) => sizes.push(x.length));
    d.on("end", resolve);
    for (const p of pieces(zlib.brotliCompressSync(doc), 777)) d.write(p);
    d.end();
  });
  console.log("chunkSize", chunkSize, sizes.length, sizes.slice(0, 6).join(","), sizes.slice(-2).join(","), sizes.reduce((a, b) => a + b, 0));
}
{
  const c = zlib.createBrotliCompress({ chunkSize: 64 });
  const sizes = [];
  await new Promise((resolve) => { c.on("data", (x) => sizes.push(x.length)); c.on("end", resolve); c.end(rnd.subarray(0, 1000)); });
  console.log("compress chunkSize 64", sizes.join(","));
}
{
  const c = zlib.createBrotliCompress({ flush: C.BROTLI_OPERATION_FLUSH });
  const sizes = [];
  c.on("data", (x) => sizes.push(x.length));
  for (const w of ["a", "bb", "ccc"]) await new Promise((r) => c.write(w, r));
  await new Promise((r) => { c.on("end", r); c.end(); });
  console.log("flush option", sizes.join(","));
}
// stream options pass through: encoding and objectMode are ignored
{
  const c = zlib.createBrotliCompress({ encoding: "hex", objectMode: true, highWaterMark: 100 });
  console.log("stream opts", c.readableObjectMode, c.readableEncoding, c.writableHighWaterMark);
  c.destroy();
}

// ------------------------------------------------------ info, reset, close
{
  const s = zlib.brotliCompressSync("abcdef", { info: true });
  console.log("info sync", s.buffer.toString("hex"), s.engine.constructor.name, s.engine.bytesWritten, s.engine._closed);
  const r = await cb(zlib.brotliDecompress, s.buffer, { info: true });
  console.log("info callback", r.buffer.toString(), r.engine.constructor.name);
}
{
  const c = zlib.createBrotliCompress({ params: { [C.BROTLI_PARAM_QUALITY]: 1, [C.BROTLI_PARAM_LGWIN]: 10 } });
  c.reset();
  const out = await viaStream(c, doc, 10000);
  console.log("reset", out.length, crc(out));
}
{
  const c = zlib.createBrotliCompress();
  const events = [];
  c.on("close", () => events.push("close"));
  await new Promise((r) => c.close(() => { events.push("callback"); r(); }));
  await tick();
  console.log("close", events.join(","), c._closed, c.destroyed);
  try { c.reset(); } catch (e) { console.log("reset closed", e.name, e.code, JSON.stringify(e.message)); }
}
console.log("done");
