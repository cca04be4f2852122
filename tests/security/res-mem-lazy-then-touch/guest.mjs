// Huge reservations that cost nothing until touched (a 1 GB ArrayBuffer, a
// 4 GB wasm memory): allowed, then touching them page by page is stopped.
const ab = new ArrayBuffer(2 ** 30);
const mem = new WebAssembly.Memory({ initial: 65536 });
console.log("reserved", ab.byteLength, mem.buffer.byteLength);
const a = new Uint8Array(ab), w = new Uint8Array(mem.buffer);
for (let i = 0; i < a.length; i += 4096) a[i] = 1;
for (let i = 0; i < w.length; i += 4096) w[i] = 1;
console.log("NOT REACHED");
