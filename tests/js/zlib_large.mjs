// differential
// One-shot inflates whose output is larger than one internal chunk (64 KB),
// and maxOutputLength stopping a bomb before it is inflated whole.
import zlib from "node:zlib";
for (const n of [65535, 65536, 65537, 100000, 3_000_001]) {
  const b = Buffer.alloc(n, 7);
  const out = [
    zlib.gunzipSync(zlib.gzipSync(b)).length,
    zlib.inflateSync(zlib.deflateSync(b)).length,
    zlib.inflateRawSync(zlib.deflateRawSync(b)).length,
    zlib.unzipSync(zlib.deflateSync(b)).length,
  ];
  console.log(n, out.join(" "), zlib.gunzipSync(zlib.gzipSync(b)).equals(b));
}
const bomb = zlib.gzipSync(Buffer.alloc(10_000_000));
for (const max of [1, 1000, 65536, 9_999_999]) {
  try { zlib.gunzipSync(bomb, { maxOutputLength: max }); console.log(max, "no error"); }
  catch (e) { console.log(max, e.name, e.code, e.message); }
}
console.log(zlib.gunzipSync(bomb, { maxOutputLength: 10_000_000 }).length);
for (const bad of [0, -1, 1.5, "9", Infinity, NaN]) {
  try { zlib.gunzipSync(bomb, { maxOutputLength: bad }); } catch (e) { console.log(e.name, e.code, e.message); }
}
await new Promise((r) => zlib.gunzip(zlib.gzipSync(Buffer.alloc(200000, 1)), (e, out) => { console.log(e, out.length); r(); }));
