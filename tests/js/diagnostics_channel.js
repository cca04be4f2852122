// differential
// diagnostics_channel: channels, subscribe/publish, stores, tracing
// channels; and require(esm) of a module exporting "module.exports".
const dc = require("diagnostics_channel");
const { AsyncLocalStorage } = require("async_hooks");
const ch = dc.channel("my-channel");
console.log(ch.name, ch.hasSubscribers, dc.hasSubscribers("my-channel"), ch === dc.channel("my-channel"));
const seen = [];
const sub = (msg, name) => seen.push([msg, name]);
ch.subscribe(sub);
console.log(ch.hasSubscribers, dc.hasSubscribers("my-channel"));
ch.publish({ n: 1 });
dc.subscribe("other", (m) => seen.push(["other", m]));
dc.channel("other").publish("x");
console.log(JSON.stringify(seen), ch.unsubscribe(sub), ch.unsubscribe(sub), ch.hasSubscribers);
console.log(ch instanceof dc.Channel, typeof dc.tracingChannel);
const store = new AsyncLocalStorage();
const ch2 = dc.channel("stores");
ch2.bindStore(store, (data) => ({ wrapped: data }));
const out = ch2.runStores("ctx", function (a, b) { return [store.getStore(), this.t, a + b]; }, { t: "this" }, 1, 2);
console.log(JSON.stringify(out), ch2.hasSubscribers, ch2.unbindStore(store), ch2.hasSubscribers);
const tc = dc.tracingChannel("op");
const events = [];
tc.subscribe({
  start: (c) => events.push(["start", c.arg]),
  end: (c) => events.push(["end", c.result]),
  asyncStart: (c) => events.push(["asyncStart", c.result]),
  asyncEnd: (c) => events.push(["asyncEnd"]),
  error: (c) => events.push(["error", c.error.message]),
});
console.log(tc.hasSubscribers, tc.start.name);
console.log(tc.traceSync((x) => x * 2, { arg: 5 }, null, 21));
try { tc.traceSync(() => { throw new Error("boom"); }, { arg: 6 }); } catch (e) { console.log("caught", e.message); }
tc.tracePromise(async (v) => v + 1, { arg: 7 }, null, 1).then((v) => {
  console.log("promise", v, JSON.stringify(events));
  tc.traceCallback((x, cb) => setImmediate(cb, null, x * 3), -1, { arg: 8 }, null, 4, (err, r) => {
    console.log("callback", err, r, JSON.stringify(events.slice(-4)));
    const f = require("./modules/interop_exports.mjs");
    console.log(typeof f, f());
  });
});
