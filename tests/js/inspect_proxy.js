// differential
// Inspecting a Proxy runs none of its traps: console.log and util.inspect
// print the target (showProxy false), a revoked Proxy is <Revoked Proxy>,
// and util.types.isProxy tells a Proxy from its target.
const util = require("util");
const vm = require("vm");
const log = [];
const trap = (name) => function () { log.push(name); throw new Error("trap " + name); };
const handler = {};
for (const k of ["get", "has", "ownKeys", "getPrototypeOf", "getOwnPropertyDescriptor", "apply", "construct", "isExtensible"]) handler[k] = trap(k);
const p = new Proxy({ a: 1, nested: { b: [1, 2] } }, handler);
console.log(p);
console.log([p], { p }, new Map([[p, p]]));
console.log(util.inspect(p, { depth: 0 }), util.inspect(p, { compact: false }));
console.log(util.format("%s|%j|%d|%i", new Proxy({ c: 3 }, {}), new Proxy({ e: 5 }, {}), new Proxy({}, {}), new Proxy({}, {})));
console.log(new Proxy([1, 2, 3], handler), new Proxy(function named() {}, handler), new Proxy(class K {}, handler));
// (a Proxy of a Proxy: Node unwraps one level, so the inner one's traps
// run; which ones is the engine's business)
console.log(new Proxy(new Proxy({ inner: true }, {}), handler));
console.log(new Proxy(new Map([[1, 2]]), handler), new Proxy(new Date(0), handler));
const r = Proxy.revocable({ gone: 1 }, {});
r.revoke();
console.log("revoked", r.proxy, [r.proxy], util.inspect(r.proxy, { showProxy: true }));
console.log("traps run:", log.join(",") || "none");
const { isProxy } = util.types;
console.log(isProxy(p), isProxy(r.proxy), isProxy(new Proxy(globalThis, {})), isProxy({}), isProxy(globalThis),
  isProxy(vm.runInNewContext("globalThis")), isProxy(vm.createContext({})), isProxy(vm.runInNewContext("new Proxy({}, {})")),
  isProxy(null), isProxy(1), isProxy(function () {}));
console.log(vm.runInNewContext("new Proxy({ fromVm: 1 }, { get() { throw new Error('x'); } })"));
