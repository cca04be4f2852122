// differential
// SharedArrayBuffer and Atomics as Node has them: wait as a sleep on the
// main thread, waitAsync woken by notify or by its timeout.
const util = require("util");
const sab = new SharedArrayBuffer(16);
const ia = new Int32Array(sab);
console.log(typeof SharedArrayBuffer, sab.byteLength, sab.growable, Object.prototype.toString.call(sab));
console.log(util.types.isSharedArrayBuffer(sab), util.types.isAnyArrayBuffer(sab), util.types.isArrayBuffer(sab));
console.log(sab);
console.log(Buffer.from(sab).length, new Uint8Array(sab, 0, 4));
const t = Date.now();
console.log(Atomics.wait(ia, 0, 0, 30), Date.now() - t >= 25);
console.log(Atomics.wait(ia, 0, 1, 0), Atomics.store(ia, 1, 7), Atomics.add(ia, 1, 1), Atomics.load(ia, 1));
console.log(typeof Atomics.waitAsync, Atomics.waitAsync.length, Atomics.waitAsync.name, Atomics.notify.length);
console.log(Atomics.waitAsync(ia, 0, 1), Atomics.waitAsync(ia, 0, 0, 0));
const errs = [
  () => Atomics.waitAsync(new Int32Array(4), 0, 0),
  () => Atomics.waitAsync(new Uint8Array(sab), 0, 0),
  () => Atomics.waitAsync(ia, 99, 0),
];
for (const f of errs) { try { f(); console.log("no error"); } catch (e) { console.log(e.constructor.name); } }
const a = Atomics.waitAsync(ia, 2, 0);
const b = Atomics.waitAsync(ia, 2, 0, 10000);
const c = Atomics.waitAsync(ia, 3, 0, 20);
console.log(a, a.async);
a.value.then((v) => console.log("a", v));
b.value.then((v) => console.log("b", v));
c.value.then((v) => console.log("c", v));
setTimeout(() => {
  console.log("notify one", Atomics.notify(ia, 2, 1));
  console.log("notify rest", Atomics.notify(ia, 2));
  console.log("notify none", Atomics.notify(ia, 2));
  const i64 = new BigInt64Array(new SharedArrayBuffer(16));
  const d = Atomics.waitAsync(i64, 1, 0n);
  d.value.then((v) => console.log("d", v));
  console.log("notify bigint", Atomics.notify(i64, 1));
  // a pending wait with a long timeout does not hold the process open
  Atomics.waitAsync(ia, 3, 0, 60000).value.then((v) => console.log("never", v));
}, 60);
