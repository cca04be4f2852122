// differential
// node:vm's `timeout` option: checked as Node checks it; a script that
// ends in time runs as without it. (Past the timeout the sandbox ends the
// run, which tests/e2e/run_limits.sh checks: JSC cannot let the caller
// catch the error.)
const vm = require("vm");
for (const t of [0, -1, 1.5, NaN, Infinity, "10", null, true, 2 ** 32, 2 ** 33]) {
  try {
    vm.runInNewContext("1", {}, { timeout: t });
    console.log("ran", t);
  } catch (e) {
    console.log(e.name, e.code, e.message);
  }
}
console.log(vm.runInNewContext("let s = 0; for (let i = 0; i < 1e5; i++) s += i; s", {}, { timeout: 5000 }));
const ctx = vm.createContext({ x: 21 });
console.log(new vm.Script("x * 2").runInContext(ctx, { timeout: 1000 }));
console.log(vm.runInContext("x += 1; x", ctx, { timeout: 1000, filename: "f.js" }), ctx.x);
console.log(new vm.Script("typeof x").runInThisContext({ timeout: 1000 }));
console.log(vm.runInThisContext("1 + 1", { timeout: 4294967295 }));
try {
  vm.runInNewContext("throw new TypeError('inner')", {}, { timeout: 1000 });
} catch (e) {
  console.log("thrown through:", e.name, e.message);
}
// a timeout given to the Script's constructor is not a run option
console.log(new vm.Script("'constructed'", { timeout: 0 }).runInNewContext());
