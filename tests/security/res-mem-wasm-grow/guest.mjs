// WebAssembly memory grown 4 MB at a time and touched, with no maximum.
const m = new WebAssembly.Memory({ initial: 1 });
for (;;) { m.grow(64); new Uint8Array(m.buffer).fill(1); }
