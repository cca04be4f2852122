// differential
// AsyncLocalStorage: the store follows awaits (also rejected ones into catch
// and finally), for await, promise callbacks, timers, immediates, ticks and
// queueMicrotask, in interleaved async work; run/exit/enterWith/disable,
// bind and snapshot.
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
const als = new AsyncLocalStorage();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = [];
async function work(id) {
  log.push(["start", id, als.getStore()]);
  await sleep(30 * id);
  log.push(["after sleep", id, als.getStore()]);
  await null;
  try {
    await Promise.reject(new Error("x" + id));
  } catch (e) {
    log.push(["catch", id, e.message, als.getStore()]);
    await sleep(1);
    log.push(["catch after await", id, als.getStore()]);
  } finally {
    log.push(["finally", id, als.getStore()]);
  }
  try {
    try { await sleep(1); throw new Error("inner"); } finally { log.push(["inner finally", id, als.getStore()]); }
  } catch (e) {
    log.push(["outer catch", id, e.message, als.getStore()]);
  }
  await new Promise((resolve) => {
    setTimeout(() => log.push(["timer", id, als.getStore()]), 1);
    const iv = setInterval(() => { log.push(["interval", id, als.getStore()]); clearInterval(iv); }, 1);
    setImmediate(() => log.push(["immediate", id, als.getStore()]));
    process.nextTick(() => log.push(["tick", id, als.getStore()]));
    queueMicrotask(() => log.push(["micro", id, als.getStore()]));
    Promise.resolve(id).then((v) => log.push(["then", v, als.getStore()]));
    Promise.reject(id).catch((v) => log.push(["catch()", v, als.getStore()]));
    Promise.resolve(id).finally(() => log.push(["finally()", id, als.getStore()]));
    setTimeout(resolve, 5);
  });
  async function* gen() { yield 1; await sleep(2); yield 2; }
  for await (const v of gen()) log.push(["for await", id, v, als.getStore()]);
  const inner = async () => { await sleep(1); return als.getStore(); };
  log.push(["inner arrow", id, await inner()]);
  return als.getStore();
}
const results = await Promise.all([als.run({ id: 1 }, work, 1), als.run({ id: 2 }, () => work(2)), work(3)]);
for (const id of [1, 2, 3]) for (const e of log) if (e[1] === id) console.log(...e);
console.log(results, als.getStore());

als.enterWith("entered");
await sleep(2);
console.log("top after enterWith", als.getStore());
const r = new AsyncResource("X");
als.run("other", () => r.runInAsyncScope(() => console.log("resource", als.getStore())));
const snap = als.run("snap", () => AsyncLocalStorage.snapshot());
console.log(snap(() => als.getStore()), snap.name);
const b = als.run("bound", () => AsyncLocalStorage.bind((a) => [a, als.getStore()]));
console.log(b(1), b.name, b.length, b.asyncResource instanceof AsyncResource);
console.log(als.exit(() => als.getStore()));
const two = new AsyncLocalStorage();
two.run("a", () => als.run("b", async () => {
  await sleep(1);
  console.log("two stores", two.getStore(), als.getStore());
}));
await sleep(10);
als.disable();
console.log("disabled", als.getStore());
console.log(als.run(5, () => als.getStore()));
console.log(als.run(6, (x, y) => [x, y, als.getStore()], "x", "y"));
