// node: a gzip bomb expanded in memory meets Buffer and memory limits
// with an error; streamed to a file it meets ENOSPC; the box goes on
import zlib from "node:zlib";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
let big = bomb;
for (let i = 0; i < 4; i++) big = zlib.gzipSync(Buffer.concat(Array(16).fill(big)), { level: 9 });
console.log("bomb", bomb.length < 200000);
try { const r = zlib.gunzipSync(bomb, { maxOutputLength: 8 * 1024 * 1024 }); console.log("UNBOUNDED", r.length); } catch (e) { console.log("max", e.code); }
try { await pipeline(fs.createReadStream("/dev/null"), fs.createWriteStream("/tmp/x")); fs.writeFileSync("/tmp/b.gz", Buffer.concat(Array(8).fill(bomb)));
  await pipeline(fs.createReadStream("/tmp/b.gz"), zlib.createGunzip(), fs.createWriteStream("/tmp/out")); console.log("WROTE all"); } catch (e) { console.log("stream", e.code); }
fs.rmSync("/tmp/out", { force: true });
console.log(fs.readdirSync("/tmp").length >= 0 && "done");
