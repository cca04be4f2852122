// requests.mjs PORT N CONCURRENCY - N fetches of a small body, CONCURRENCY
// at a time; prints requests per second.
const [port, n, conc] = process.argv.slice(-3).map(Number);
const url = `http://127.0.0.1:${port}/`;
let next = 0, bytes = 0;
async function worker() {
  while (next < n) {
    next++;
    const r = await fetch(url);
    const text = await r.text(); // read before adding: "bytes +=" would race across workers
    bytes += text.length;
  }
}
const t0 = performance.now();
await Promise.all(Array.from({ length: conc }, worker));
const ms = performance.now() - t0;
if (bytes !== n * 13) throw new Error(`got ${bytes} bytes`);
console.log(Math.round(n / (ms / 1000)));
