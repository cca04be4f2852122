// differential
// ReadableStream: queues and sizes, pull scheduling, cancel, readers, tee,
// async iteration and ReadableStream.from().
const log = (...a) => console.log(...a);
const err = (label) => (e) => log(label, e?.name, e?.code, e?.message ?? e);
const tick = () => new Promise((r) => setTimeout(r, 0));

// --- basics: enqueue, close, read
{
  const rs = new ReadableStream({
    start(c) { log("start desired", c.desiredSize); c.enqueue("a"); log("after a", c.desiredSize); c.enqueue("b"); log("after b", c.desiredSize); },
    pull(c) { log("pull", c.desiredSize); c.enqueue("c"); c.close(); },
  }, { highWaterMark: 2 });
  const r = rs.getReader();
  log(await r.read(), await r.read(), await r.read(), await r.read());
  await r.closed; log("closed ok", rs.locked); r.releaseLock(); log(rs.locked);
}
// --- size strategy and desiredSize sequences
{
  let ctl;
  const rs = new ReadableStream({ start(c) { ctl = c; } }, { highWaterMark: 10, size: (ch) => ch.length });
  log("ds", ctl.desiredSize); ctl.enqueue("abcd"); log("ds", ctl.desiredSize); ctl.enqueue("abcdefgh"); log("ds", ctl.desiredSize);
  const r = rs.getReader(); await r.read(); log("ds", ctl.desiredSize); await r.read(); log("ds", ctl.desiredSize);
  ctl.close(); log("ds closed", ctl.desiredSize);
  try { ctl.enqueue("x"); } catch (e) { err("enq closed")(e); }
  const rs2 = new ReadableStream({ start(c) { ctl = c; } }); ctl.error(new Error("bad")); log("ds errored", ctl.desiredSize);
  const rs3 = new ReadableStream({ start(c) { ctl = c; } }, { size() { return -1; } });
  try { ctl.enqueue(1); } catch (e) { err("neg size")(e); } log("ds after bad size", ctl.desiredSize);
  await rs3.getReader().read().catch(err("read after bad size"));
}
// --- pull timing and backpressure: pull is called until the queue reaches the HWM
{
  let n = 0;
  const rs = new ReadableStream({ pull(c) { n++; log("pull", n, c.desiredSize); c.enqueue(n); if (n === 5) c.close(); } }, new CountQueuingStrategy({ highWaterMark: 3 }));
  await tick(); log("pulled before read", n);
  const out = []; for await (const v of rs) out.push(v); log(out, n);
}
// --- async pull
{
  let n = 0;
  const rs = new ReadableStream({ async pull(c) { await tick(); c.enqueue(++n); if (n === 3) c.close(); } });
  const out = []; for await (const v of rs) out.push(v); log("async pull", out);
}
// --- start rejects, pull throws, cancel
{
  const rs = new ReadableStream({ start() { return Promise.reject(new Error("start failed")); } });
  await rs.getReader().read().catch(err("start rejected"));
  const rs2 = new ReadableStream({ pull() { throw new TypeError("pull failed"); } });
  const r2 = rs2.getReader(); await r2.read().catch(err("pull threw")); await r2.closed.catch(err("closed"));
  const rs3 = new ReadableStream({ start(c) { c.enqueue(1); }, cancel(reason) { log("cancel called", reason); return "ignored"; } });
  log("cancel result", await rs3.cancel("why"));
  const r3 = rs3.getReader(); log("read after cancel", await r3.read());
  const rs4 = new ReadableStream({ cancel() { throw new Error("cancel failed"); } });
  await rs4.cancel().catch(err("cancel threw"));
  const rs5 = new ReadableStream({ pull(c) { c.enqueue(1); } });
  const r5 = rs5.getReader(); const p = r5.read(); await r5.cancel("stop"); log(await p, await r5.read());
}
// --- release with pending read, re-acquire
{
  let ctl;
  const rs = new ReadableStream({ start(c) { ctl = c; } });
  const r = rs.getReader(); const p = r.read(); r.releaseLock();
  await p.catch(err("pending read")); await r.closed.catch(err("closed after release"));
  const r2 = rs.getReader(); ctl.enqueue("x"); log(await r2.read());
  log(String(r2.read === ReadableStreamDefaultReader.prototype.read));
}
// --- tee
{
  let n = 0;
  const rs = new ReadableStream({ pull(c) { c.enqueue(++n); if (n === 3) c.close(); } });
  const [a, b] = rs.tee();
  log("tee locked", rs.locked, a.locked, b.locked);
  const ra = a.getReader(), rb = b.getReader();
  const outA = [], outB = [];
  for (;;) { const { value, done } = await ra.read(); if (done) break; outA.push(value); }
  for (;;) { const { value, done } = await rb.read(); if (done) break; outB.push(value); }
  log("tee", outA, outB);
  const src = new ReadableStream({ pull(c) { c.enqueue("z"); }, cancel(r) { log("source canceled with", r); } });
  const [c1, c2] = src.tee();
  const cp1 = c1.cancel("r1"); log("one branch canceled");
  await c2.cancel("r2"); await cp1; log("both canceled");
  const bad = new ReadableStream({ start(c) { c.error(new Error("tee err")); } });
  const [e1, e2] = bad.tee();
  await e1.getReader().read().catch(err("branch1")); await e2.getReader().closed.catch(err("branch2"));
}
// --- async iteration: break cancels, preventCancel keeps, errors throw
{
  const rs = new ReadableStream({ start(c) { c.enqueue(1); c.enqueue(2); c.enqueue(3); }, cancel(r) { log("iter cancel", r); } });
  for await (const v of rs) { log("v", v); if (v === 2) break; }
  log("after break locked", rs.locked);
  const rs2 = new ReadableStream({ start(c) { c.enqueue(1); c.enqueue(2); }, cancel() { log("should not cancel"); } });
  for await (const v of rs2.values({ preventCancel: true })) { log("pc", v); break; }
  log("preventCancel locked", rs2.locked, await rs2.getReader().read());
  const rs3 = new ReadableStream({ start(c) { c.enqueue(1); c.error(new Error("mid")); } });
  try { for await (const v of rs3) log("e", v); } catch (e) { err("iter error")(e); }
  const it = new ReadableStream({ start(c) { c.enqueue("x"); c.close(); } }).values();
  log(await it.next(), await it.next(), await it.next(), await it.return("r"));
  const it2 = new ReadableStream({ start(c) { c.enqueue("x"); } }).values();
  log(await it2.return("early"), await it2.next());
  log(Object.keys(it2), typeof it2[Symbol.asyncIterator], Object.getPrototypeOf(Object.getPrototypeOf(it2)) === Object.getPrototypeOf(Object.getPrototypeOf((async function* () {}).prototype)));
}
// --- from()
{
  log("from array", await Array.fromAsync(ReadableStream.from([1, 2, 3])));
  async function* gen() { yield "a"; await tick(); yield "b"; }
  log("from gen", await Array.fromAsync(ReadableStream.from(gen())));
  log("from promises", await Array.fromAsync(ReadableStream.from([Promise.resolve(1), 2])));
  log("from string", await Array.fromAsync(ReadableStream.from("hi")));
  let finalized = false;
  function* g2() { try { yield 1; yield 2; } finally { finalized = true; } }
  const s = ReadableStream.from(g2());
  for await (const v of s) { log("g2", v); break; }
  log("finalized", finalized);
  const bad = ReadableStream.from({ [Symbol.iterator]() { return { next() { return 1; } }; } });
  await bad.getReader().read().catch(err("bad next"));
  const thrower = ReadableStream.from({ [Symbol.asyncIterator]() { return { next() { return Promise.reject(new Error("next failed")); } }; } });
  await thrower.getReader().read().catch(err("next rejects"));
  log(ReadableStream.from(new ReadableStream()) instanceof ReadableStream);
  try { ReadableStream.from({ [Symbol.iterator]() { return 1; } }); } catch (e) { err("iterator not object")(e); }
}
