// differential
// node:async_hooks from CommonJS: the exports, AsyncResource's arguments and
// errors, and the store across awaits in a CommonJS async function.
const ah = require("async_hooks");
const { AsyncLocalStorage, AsyncResource } = ah;
console.log(typeof ah.createHook, typeof ah.executionAsyncId, typeof ah.triggerAsyncId, typeof ah.executionAsyncResource);
for (const bad of [undefined, 5, {}]) {
  try { new AsyncResource(bad); } catch (e) { console.log(e.code, e.message); }
}
try { AsyncResource.bind(5); } catch (e) { console.log(e.code, e.message); }
try { ah.createHook({ init: 1 }); } catch (e) { console.log(e.code, e.message); }
const res = new AsyncResource("R");
console.log(res.emitDestroy() === res, typeof res.asyncId(), typeof res.triggerAsyncId());
console.log(res.runInAsyncScope(function (a, b) { return [this.t, a, b]; }, { t: 1 }, 2, 3));
const als = new AsyncLocalStorage();
console.log(als.getStore());
async function handler(req) {
  await new Promise((r) => setTimeout(r, 20 - req * 5));
  try {
    await Promise.reject(new Error("fail " + req));
  } catch (e) {
    return `${e.message} in ${als.getStore().req}`;
  }
}
Promise.all([1, 2, 3].map((req) => als.run({ req }, handler, req))).then((r) => console.log(r));
const emitter = new (require("events"))();
als.run("listener", () => emitter.on("x", () => console.log("emit sees", als.getStore())));
als.run("emitter", () => emitter.emit("x"));
