// differential
// CompressionStream/DecompressionStream with "brotli" (Node 22.15+):
// round trips of small and large data, chunked input, Node-made input,
// and the errors for corrupt and truncated data.
const enc = new TextEncoder(), dec = new TextDecoder();
async function pipe(stream, chunks) {
  const w = stream.writable.getWriter();
  const done = (async () => {
    const parts = [];
    for await (const c of stream.readable) parts.push(c);
    const out = new Uint8Array(parts.reduce((n, c) => n + c.byteLength, 0));
    let o = 0;
    for (const c of parts) { out.set(c, o); o += c.byteLength; }
    return out;
  })();
  // a failed write rejects too: the readable side reports the error
  try { for (const c of chunks) await w.write(c); await w.close(); } catch {}
  return done;
}
const text = "hello brotli ".repeat(5000);
const packed = await pipe(new CompressionStream("brotli"), [enc.encode(text)]);
console.log(packed.byteLength < 200, dec.decode(await pipe(new DecompressionStream("brotli"), [packed])) === text);
const big = new Uint8Array(1 << 20);
for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
const bigPacked = await pipe(new CompressionStream("brotli"), [big.subarray(0, 300000), big.subarray(300000)]);
const bigBack = await pipe(new DecompressionStream("brotli"), Array.from({ length: Math.ceil(bigPacked.length / 1000) }, (_, i) => bigPacked.subarray(i * 1000, i * 1000 + 1000)));
console.log(bigBack.length, bigBack.every((b, i) => b === big[i]));
const empty = await pipe(new CompressionStream("brotli"), []);
console.log(empty.length > 0, (await pipe(new DecompressionStream("brotli"), [empty])).length);
// made by Node: zlib.brotliCompressSync("node-made brotli")
const nodeMade = Uint8Array.from(atob("iweAbm9kZS1tYWRlIGJyb3RsaQM="), (c) => c.charCodeAt(0));
console.log(dec.decode(await pipe(new DecompressionStream("brotli"), [nodeMade])));
for (const [label, data] of [["corrupt", enc.encode("this is not brotli at all")], ["truncated", packed.subarray(0, packed.length - 3)]]) {
  try { await pipe(new DecompressionStream("brotli"), [data]); console.log(label, "no error"); }
  catch (e) { console.log(label, e.name, e.message, e.code, e.errno, e.cause && e.cause.code, e.cause && e.cause.message); }
}
try { new CompressionStream("br"); } catch (e) { console.log(e.name, e.code, e.message); }
