// Atomics.wait on shared wasm memory with a 30-minute timeout: blocks in native code.
const mem = new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
console.log("waiting on", Object.prototype.toString.call(mem.buffer));
console.log(Atomics.wait(new Int32Array(mem.buffer), 0, 0, 30 * 60 * 1000), "NOT REACHED");
