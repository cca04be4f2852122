// A million promises that never settle (they do not keep the run alive),
// and a million-long resolved chain: the run ends by itself with exit 0.
const pending = [];
for (let i = 0; i < 1000000; i++) pending.push(new Promise(() => {}));
console.log("pending", pending.length);
let p = Promise.resolve(0);
for (let i = 0; i < 1000000; i++) p = p.then((v) => v + 1);
console.log("chain", await p);
await new Promise(() => {});
console.log("NOT REACHED");
