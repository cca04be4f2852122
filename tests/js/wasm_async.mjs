// differential
// WebAssembly's promise forms settle: compile, instantiate (bytes and
// Module), their errors, and the order against other promise jobs.
const add = new Uint8Array([0,97,115,109,1,0,0,0,1,7,1,96,2,127,127,1,127,3,2,1,0,7,7,1,3,97,100,100,0,0,10,9,1,7,0,32,0,32,1,106,11]);
const order = [];
const p = WebAssembly.instantiate(add).then(() => order.push("wasm"));
Promise.resolve().then(() => order.push("job"));
await p;
console.log(order.includes("wasm"), order.includes("job"));
const { module, instance } = await WebAssembly.instantiate(add);
console.log(instance.exports.add(2, 3), module instanceof WebAssembly.Module, instance instanceof WebAssembly.Instance);
const m = await WebAssembly.compile(add.buffer);
console.log((await WebAssembly.instantiate(m)).exports.add(40, 2));
console.log(WebAssembly.Module.exports(m).map((e) => `${e.name}:${e.kind}`).join());
for (const bad of [new Uint8Array([1, 2, 3]), "nope", undefined]) {
  try { await WebAssembly.compile(bad); console.log("compiled?"); } catch (e) { console.log(e.constructor.name); }
}
try { await WebAssembly.instantiate(add, 5); } catch (e) { console.log(e.constructor.name); }
console.log(typeof WebAssembly.compileStreaming, typeof WebAssembly.instantiateStreaming, WebAssembly.compile.length, WebAssembly.instantiate.length);
