// differential
// A promise prints its state and its result, as Node's util.inspect reads
// them from the engine: Promise { 42 }, Promise { <rejected> ... },
// Promise { <pending> }; async functions' promises too.
const util = require("util");
const vm = require("vm");
const handled = (p) => { p.catch(() => {}); return p; };
const bareError = (msg) => { const e = new Error(msg); e.stack = `Error: ${msg}`; return e; };

console.log(Promise.resolve(42), Promise.resolve("text"), Promise.resolve(undefined), Promise.resolve(null));
console.log(Promise.resolve({ a: [1, 2], b: { c: {} } }), Promise.resolve([1, 2, 3]), Promise.resolve(1n));
console.log(new Promise(() => {}), handled(Promise.reject("reason")), handled(Promise.reject(bareError("boom"))));
console.log(handled(Promise.reject(Object.assign(bareError("with props"), { code: "E_BOOM" }))));
console.log(Promise.resolve(Promise.resolve(1)), Promise.resolve({ then(r) { r(2); } }));
const resolvedLater = new Promise((r) => setTimeout(() => r("later"), 1));
const rejectedLater = handled(new Promise((_, j) => setTimeout(() => j(7), 1)));
async function answer() { return 42; }
async function slow() { await new Promise((r) => setTimeout(r, 1)); return "slow"; }
async function fails() { throw bareError("async failure"); }
const a = answer(), b = slow(), c = handled(fails());
console.log("now", a, b, c, resolvedLater, rejectedLater);
class MyPromise extends Promise {}
const withProps = Object.assign(Promise.resolve(1), { extra: true });
console.log(MyPromise.resolve(3), withProps, util.inspect(Promise.resolve(1), { colors: true }));
console.log({ nested: { p: Promise.resolve({ deep: { deeper: { deepest: 1 } } }) } }, [Promise.resolve(1)]);
console.log(util.inspect({ p: Promise.resolve(1) }, { depth: 0 }), util.inspect(Promise.resolve({ a: { b: 1 } }), { depth: 0 }));
console.log(util.inspect(Promise.resolve(5), { showHidden: true }), util.inspect(Promise.resolve([1, 2]), { compact: false }));
console.log(util.format("%o | %O | %s | %j", Promise.resolve(1), Promise.resolve(2), Promise.resolve(3), Promise.resolve(4)));
console.log(vm.runInNewContext("Promise.resolve(5)"), new Proxy(Promise.resolve(6), {}), Object.create(Promise.prototype));
console.log(Promise.all([1, Promise.resolve(2)]), Promise.allSettled([]), Promise.race([]));
console.log(util.types.isPromise(Promise.resolve(1)), util.types.isPromise({ then() {} }));
setTimeout(() => {
  console.log("later", a, b, c, resolvedLater, rejectedLater);
  console.log(Promise.all([1, Promise.resolve(2)]), Promise.allSettled([]));
}, 20);
