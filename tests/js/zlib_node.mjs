// differential
// node:zlib: every format round trip, errors, crc32, streams.
import zlib from "node:zlib";
const text = "hello zlib ".repeat(100);
for (const [c, d] of [["deflateSync", "inflateSync"], ["gzipSync", "gunzipSync"], ["deflateRawSync", "inflateRawSync"], ["gzipSync", "unzipSync"], ["deflateSync", "unzipSync"]]) {
  const packed = zlib[c](text, { level: 9 });
  console.log(c, d, packed.length < text.length, zlib[d](packed).toString() === text);
}
console.log(zlib.deflateSync("abc").toString("base64"), zlib.gzipSync("abc").subarray(0, 3).toString("hex"));
try { zlib.inflateSync(Buffer.from("not compressed")); } catch (e) { console.log(e.code, e.errno, e.message); }
try { zlib.gunzipSync(zlib.gzipSync(text).subarray(0, 20)); } catch (e) { console.log(e.code, e.errno, e.message); }
console.log(zlib.crc32("hello"), zlib.crc32("world", zlib.crc32("hello ")), zlib.constants.Z_BEST_COMPRESSION);
zlib.gzip(text, (err, buf) => zlib.gunzip(buf, (err2, out) => console.log("callback round trip", err, err2, out.toString() === text)));
