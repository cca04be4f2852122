// download.mjs PORT MB - stream MB MiB through response.body without
// keeping it; prints the bytes seen.
const [port, mb] = process.argv.slice(-2).map(Number);
const r = await fetch(`http://127.0.0.1:${port}/big?mb=${mb}`);
let seen = 0;
for await (const c of r.body) seen += c.length;
if (seen !== mb * 1024 * 1024) throw new Error(`got ${seen} bytes`);
console.log(seen);
