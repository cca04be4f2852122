// A gzip bomb (0.4 MB -> 100 MB): with maxOutputLength the inflate stops
// with Node's RangeError; without it, the memory limit stops the run.
import zlib from "node:zlib";
import fs from "node:fs";
const bomb = fs.readFileSync("bomb.gz");
try { const r = zlib.gunzipSync(bomb, { maxOutputLength: 1 << 20 }); console.log("capped gunzip returned", r.length); }
catch (e) { console.log("capped:", e.name, e.code); }
console.log("now without a cap");
const r = zlib.gunzipSync(bomb);
console.log("NOT REACHED", r.length);
