// differential
// Map and Set iterators print the entries they have left, as Node's
// util.inspect shows them, and printing does not use them up; the other
// built-in iterators print as tagged objects.
const util = require("util");
const vm = require("vm");
const m = new Map([["alice", 1], ["bob", 2], ["carol", 3]]);
const s = new Set([1, 2, 3]);

console.log(m.keys(), m.values());
console.log(m.entries(), m[Symbol.iterator]());
console.log(s.values(), s.keys());
console.log(s.entries(), s[Symbol.iterator]());
console.log(new Map().keys(), new Set().entries());

// printing uses nothing up
const keys = m.keys();
console.log(keys);
console.log(util.inspect(keys));
console.log([...keys], keys);
const entries = s.entries();
util.inspect(entries);
console.log(entries.next().value, [...entries]);

// partly used: what is left
const part = m.entries();
part.next();
console.log("partly used", part);
const vals = s.values();
vals.next(); vals.next(); vals.next();
console.log("used up", vals, vals.next());

// the collection changing under the iterator
const m2 = new Map([[1, "a"], [2, "b"], [3, "c"]]);
const live = m2.keys();
live.next();
m2.delete(2);
m2.set(4, "d");
console.log("after changes", live);
console.log([...live]);
const m3 = new Map([[1, 1]]);
const cleared = m3.values();
m3.clear();
console.log("cleared", cleared);
const grown = new Set();
const early = grown.values();
for (let i = 0; i < 40; i++) grown.add(i);
for (let i = 0; i < 30; i++) grown.delete(i);
console.log("rehashed", early);

// options
const big = new Map(Array.from({ length: 130 }, (_, i) => [`k${i}`, i]));
console.log(util.inspect(big.values(), { breakLength: Infinity }));
console.log(util.inspect(m.entries(), { maxArrayLength: 1 }), util.inspect(s.values(), { maxArrayLength: 0 }));
console.log(util.inspect({ a: { b: m.keys() } }, { depth: 1 }), util.inspect([m.entries()], { depth: 0 }));
console.log(util.inspect(s.entries(), { showHidden: true }));
console.log(util.inspect(m.keys(), { colors: true }), util.inspect(m.entries(), { compact: false }));
const tagged = m.keys();
tagged.extra = true;
console.log(tagged);
const nested = new Map([[{ deep: { deeper: { deepest: 1 } } }, [new Set([1])]]]);
console.log(nested.entries());
const self = new Map();
self.set("me", self);
console.log(self.values());
class MyMap extends Map {}
console.log(new MyMap([[1, 2]]).keys(), new MyMap([[1, 2]]).entries());
console.log(vm.runInNewContext("new Map([[1, 2]]).entries()"), vm.runInNewContext("new Set(['x']).values()"));
console.log(Object.setPrototypeOf(new Set([3]).values(), null), Object.setPrototypeOf(new Map([[4, 5]]).entries(), null));

// the guest replacing built-ins does not change what is printed
const iterProto = Object.getPrototypeOf(new Map().keys());
const realNext = iterProto.next;
const realEntries = Map.prototype.entries;
iterProto.next = () => { throw new Error("patched next called"); };
Map.prototype.entries = () => { throw new Error("patched entries called"); };
console.log("patched", m.keys());
iterProto.next = realNext;
Map.prototype.entries = realEntries;

console.log(util.format("%o | %O | %s", m.keys(), s.values(), m.entries()));
console.table(m.entries());
console.table(s.values());
const tableIt = m.keys();
console.table(tableIt);
console.log([...tableIt]);

// the other iterators
console.log([1, 2].values(), [1].entries(), "ab"[Symbol.iterator](), "ab".matchAll(/a/g));
function* gen() { yield 1; }
async function* agen() { yield 1; }
const g = gen();
g.next();
console.log(g, agen(), [1, 2].values().map((x) => x), Iterator.from({ next() { return { done: true }; } }));
console.log(util.types.isMapIterator(m.keys()), util.types.isSetIterator(s.values()), util.types.isMapIterator(s.values()));
