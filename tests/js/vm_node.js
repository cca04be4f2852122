// differential
// node:vm: fresh realms that see only their sandbox and the language.
const vm = require("vm");
const ctx = vm.createContext({ x: 2, list: [1, 2] });
console.log(vm.runInContext("x * 21", ctx), vm.isContext(ctx));
vm.runInContext("var y = x + 1; list.push(3); globalThis.z = 'set'", ctx);
console.log(ctx.y, ctx.list, ctx.z);
console.log(vm.runInNewContext("typeof process + ' ' + typeof require + ' ' + typeof console.log", {}));
console.log(vm.runInNewContext("a + b", { a: 1, b: 2 }), new vm.Script("1 + 1").runInNewContext());
console.log(vm.runInNewContext("[] instanceof Array"), vm.runInNewContext("[]") instanceof Array);
try { vm.runInNewContext("throw new TypeError('inner')"); } catch (e) { console.log(e.name, e.message, e instanceof TypeError); }
console.log(vm.runInThisContext("typeof globalThis.process"));
