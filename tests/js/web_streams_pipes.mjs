// differential
// WritableStream (backpressure, errors, abort and its signal), TransformStream
// and pipeTo/pipeThrough with their options.
const log = (...a) => console.log(...a);
const err = (label) => (e) => log(label, e?.name, e?.code, e?.message ?? e);
const tick = () => new Promise((r) => setTimeout(r, 0));

// --- WritableStream: backpressure and desiredSize
{
  const seen = [];
  let release;
  const ws = new WritableStream({
    start(c) { log("ws start", typeof c.error, c.signal.aborted); },
    write(chunk, c) { seen.push(chunk); log("write", chunk); return new Promise((r) => { release = r; }); },
    close() { log("sink close"); },
  }, { highWaterMark: 2 });
  const w = ws.getWriter();
  log("desired", w.desiredSize);
  const p1 = w.write("a"); log("desired", w.desiredSize);
  const p2 = w.write("b"); log("desired", w.desiredSize);
  const p3 = w.write("c"); log("desired", w.desiredSize);
  let readyDone = false; w.ready.then(() => { readyDone = true; });
  await tick(); log("ready before release", readyDone);
  release(); await p1; log("p1 done, desired", w.desiredSize);
  release(); await p2; await tick(); log("ready after", readyDone, w.desiredSize);
  release(); await p3;
  await w.close(); log("closed", seen, w.desiredSize);
  await w.closed; log("writer.closed resolved");
  await w.write("late").catch(err("write after close"));
}
{
  const ws = new WritableStream({ write(c) { log("w", c); } }, new ByteLengthQueuingStrategy({ highWaterMark: 8 }));
  const w = ws.getWriter();
  log(w.desiredSize); w.write(new Uint8Array(5)); log(w.desiredSize); w.write(new Uint8Array(5)); log(w.desiredSize);
  await w.ready; log("ready", w.desiredSize); await w.close();
}
// --- errors in sink, abort, controller.error, signal
{
  const ws = new WritableStream({ write(chunk) { if (chunk === 2) throw new Error("write 2 failed"); log("ok", chunk); } });
  const w = ws.getWriter();
  w.write(1); const p = w.write(2); const p3 = w.write(3);
  await p.catch(err("w2")); await p3.catch(err("w3")); await w.closed.catch(err("closed")); await w.ready.catch(err("ready"));
  log("desired errored", w.desiredSize);
}
{
  let signal;
  const ws = new WritableStream({
    start(c) { signal = c.signal; signal.addEventListener("abort", () => log("signal abort event", signal.reason)); },
    write() { return new Promise(() => {}); },
    abort(reason) { log("sink abort", reason); },
  });
  const w = ws.getWriter();
  const wp = w.write("x");
  await tick();
  const ap = w.abort("because");
  log("aborted flag", signal.aborted, signal.reason);
  const ap2 = w.abort("twice");
  log("same promise", ap === ap2);
  wp.catch(err("pending write"));
  w.closed.catch(err("closed after abort"));
  await tick();
  log("abort state (write still in flight)");
}
{
  const ws = new WritableStream({ abort(r) { log("abort sink", r); } });
  await ws.abort("now"); log(ws.locked); const w = ws.getWriter(); await w.closed.catch(err("closed")); await w.write(1).catch(err("write"));
}
{
  let ctl;
  const ws = new WritableStream({ start(c) { ctl = c; } });
  const w = ws.getWriter(); ctl.error(new Error("ctl error")); ctl.error(new Error("ignored"));
  await w.write(1).catch(err("after ctl.error")); await w.closed.catch(err("closed"));
}
{
  const ws = new WritableStream({ close() { throw new Error("close failed"); } });
  await ws.close().catch(err("close failed"));
  const w = ws.getWriter(); await w.closed.catch(err("closed"));
}
{
  const ws = new WritableStream({ start() { return Promise.reject(new Error("start rejected")); } });
  const w = ws.getWriter(); await w.write(1).catch(err("start")); await w.ready.catch(err("ready"));
}
{
  const ws = new WritableStream({ write() { return tick(); } });
  const w = ws.getWriter(); w.write(1); const c = w.close(); await w.write(2).catch(err("write while closing")); await w.close().catch(err("close while closing")); await c; log("closed after pending write");
  w.releaseLock(); await ws.close().catch(err("ws.close closed"));
}
// --- TransformStream
{
  const ts = new TransformStream({
    start(c) { log("ts start", c.desiredSize); },
    transform(chunk, c) { c.enqueue(chunk.toUpperCase()); c.enqueue("|"); },
    flush(c) { c.enqueue("END"); log("flush"); },
  });
  const w = ts.writable.getWriter(); w.write("a"); w.write("b"); w.close();
  log(await Array.fromAsync(ts.readable));
}
{
  const ts = new TransformStream();
  const w = ts.writable.getWriter();
  log("ts desired", w.desiredSize);
  w.write(1); log("after write", w.desiredSize);
  const r = ts.readable.getReader();
  log(await r.read()); log("desired", w.desiredSize);
  w.close(); log(await r.read());
}
{
  const ts = new TransformStream({ transform(chunk, c) { if (chunk === "bad") throw new Error("transform failed"); c.enqueue(chunk); } });
  const w = ts.writable.getWriter(); const r = ts.readable.getReader();
  w.write("ok"); log(await r.read());
  const rp = r.read(); await w.write("bad").catch(err("write bad")); await rp.catch(err("read after bad")); await w.closed.catch(err("writable closed"));
}
{
  const ts = new TransformStream({ cancel(reason) { log("transformer cancel", reason); } });
  await ts.readable.cancel("stop reading"); await ts.writable.getWriter().write(1).catch(err("write after cancel"));
  const ts2 = new TransformStream({ cancel(reason) { log("transformer cancel (abort)", reason); } });
  await ts2.writable.abort("stop writing"); await ts2.readable.getReader().read().catch(err("read after abort"));
}
{
  const ts = new TransformStream({ transform(chunk, c) { c.enqueue(chunk); c.terminate(); } });
  const r = ts.readable.getReader(); const w = ts.writable.getWriter();
  const r1 = r.read(); await w.write("t"); log(await r1, await r.read()); await w.write("more").catch(err("after terminate"));
}
{
  const ts = new TransformStream({}, { highWaterMark: 2 }, { highWaterMark: 3 });
  const w = ts.writable.getWriter(); log("hwm", w.desiredSize);
  for (let i = 0; i < 4; i++) w.write(i);
  await tick(); log("after 4 writes", w.desiredSize);
  const r = ts.readable.getReader(); log(await r.read()); await tick(); log(w.desiredSize);
}
// --- pipeTo / pipeThrough
{
  const got = [];
  const rs = ReadableStream.from(["a", "b", "c"]);
  const ws = new WritableStream({ write(c) { got.push(c); }, close() { got.push("closed"); } });
  await rs.pipeTo(ws); log("pipeTo", got, rs.locked, ws.locked);
}
{
  const out = await Array.fromAsync(ReadableStream.from([1, 2, 3]).pipeThrough(new TransformStream({ transform(c, ctl) { ctl.enqueue(c * 10); } })));
  log("pipeThrough", out);
}
{
  const rs = new ReadableStream({ start(c) { c.enqueue(1); c.error(new Error("src broke")); } });
  const ws = new WritableStream({ write(c) { log("got", c); }, abort(r) { log("dest aborted", r.message); } });
  await rs.pipeTo(ws).catch(err("pipe src error"));
  const rs2 = new ReadableStream({ start(c) { c.error(new Error("src2")); } });
  const ws2 = new WritableStream({ abort() { log("should not abort"); } });
  await rs2.pipeTo(ws2, { preventAbort: true }).catch(err("preventAbort")); log("ws2 state", ws2.locked);
  const w2 = ws2.getWriter(); await w2.write("still works"); log("ws2 writable");
}
{
  const rs = new ReadableStream({ pull(c) { c.enqueue("x"); }, cancel(r) { log("src canceled", r.message); } });
  const ws = new WritableStream({ write() { throw new Error("dest broke"); } });
  await rs.pipeTo(ws).catch(err("pipe dest error"));
  const rs2 = new ReadableStream({ pull(c) { c.enqueue("y"); }, cancel() { log("should not cancel"); } });
  await rs2.pipeTo(new WritableStream({ write() { throw new Error("d2"); } }), { preventCancel: true }).catch(err("preventCancel"));
  log("rs2 locked", rs2.locked);
}
{
  const ws = new WritableStream({ close() { log("should not close"); } });
  await ReadableStream.from([1]).pipeTo(ws, { preventClose: true }); log("preventClose", ws.locked);
  const w = ws.getWriter(); await w.close(); log("closed by hand");
  const closed = new WritableStream(); await closed.close();
  await ReadableStream.from([1]).pipeTo(closed).catch(err("dest closed"));
}
{
  const ac = new AbortController();
  let n = 0;
  const rs = new ReadableStream({ async pull(c) { await tick(); c.enqueue(++n); }, cancel(r) { log("src cancel on abort", r.name); } });
  const ws = new WritableStream({ write(c) { if (c === 3) ac.abort(); }, abort(r) { log("dest abort on abort", r.name); } });
  await rs.pipeTo(ws, { signal: ac.signal }).catch(err("signal"));
  const pre = AbortSignal.abort("pre-aborted");
  await ReadableStream.from([1]).pipeTo(new WritableStream(), { signal: pre }).catch(err("pre-aborted"));
  const ac2 = new AbortController();
  const p = new ReadableStream().pipeTo(new WritableStream(), { signal: ac2.signal, preventAbort: true, preventCancel: true });
  ac2.abort(new Error("custom reason")); await p.catch(err("custom"));
}
{
  // backpressure through a pipe: the source is only pulled as the sink drains
  const events = [];
  let n = 0;
  const rs = new ReadableStream({ pull(c) { events.push("pull" + n); c.enqueue(n++); if (n === 4) c.close(); } }, { highWaterMark: 0 });
  const ws = new WritableStream({ async write(c) { events.push("write" + c); await tick(); } }, { highWaterMark: 1 });
  await rs.pipeTo(ws); log(events.join(" "));
}
// --- more: sync start errors, BYOB cancel, tee with one branch canceled,
// pipe options with errors, byte queues, Buffer views
try { new ReadableStream({ start() { throw new Error("sync start"); } }); } catch (e) { err("sync start")(e); }
try { new WritableStream({ start() { throw new Error("ws sync start"); } }); } catch (e) { err("ws sync start")(e); }
try { new TransformStream({ start() { throw new Error("ts sync start"); } }); } catch (e) { err("ts sync start")(e); }
{
  const rs = new ReadableStream({ type: "bytes", cancel(r) { log("byte cancel", r); } });
  const r = rs.getReader({ mode: "byob" }); const p = r.read(new Uint8Array(4)); await r.cancel("c"); log(await p); await r.closed; log("closed after cancel");
}
{
  let n = 0;
  const rs = new ReadableStream({ pull(c) { c.enqueue(++n); if (n === 4) c.close(); }, cancel() { log("should not cancel source"); } });
  const [a, b] = rs.tee(); a.cancel("only a"); const out = []; for await (const x of b) out.push(x); log("b after a canceled", out);
}
{
  const rs = new ReadableStream({ start(c) { c.enqueue(1); } }, { highWaterMark: Infinity });
  let ctl; new ReadableStream({ start(c) { ctl = c; } }, { highWaterMark: Infinity }); log("inf desired", ctl.desiredSize);
}
{
  const ac = new AbortController();
  const ts = new TransformStream();
  const p = ReadableStream.from([1, 2, 3]).pipeThrough(ts, { signal: ac.signal });
  ac.abort("why");
  await p.getReader().read().catch(err("pipeThrough aborted"));
}
{
  const ws = new WritableStream({ write() { throw new Error("dest err"); } });
  const rs = new ReadableStream({ start(c) { c.enqueue(1); c.close(); } });
  await rs.pipeTo(ws, { preventClose: true }).catch(err("preventClose dest err"));
}
{
  const rs = new ReadableStream({ start(c) { c.enqueue("a"); c.enqueue("b"); } });
  const r = rs.getReader(); log(await r.read()); r.releaseLock();
  const it = rs.values(); log(await it.next()); await it.return(); log(rs.locked);
}
{
  // enqueue into a closed-but-queued stream, then read all
  const rs = new ReadableStream({ start(c) { c.enqueue(1); c.close(); log("desired after close", c.desiredSize); } });
  const r = rs.getReader(); log(await r.read(), await r.read());
}
{
  const ws = new WritableStream({ write(c) { log("sink", c); } }, { highWaterMark: 0 });
  const w = ws.getWriter(); log("hwm0 desired", w.desiredSize);
  await w.write("x"); log("after write", w.desiredSize);
}
{
  const ts = new TransformStream({ flush() { throw new Error("flush fail"); } });
  const w = ts.writable.getWriter(); const r = ts.readable.getReader();
  await Promise.all([w.close().catch(err("close flush fail")), r.read().catch(err("read flush fail"))]);
}
{
  const ts = new TransformStream({ async transform(c, ctl) { await tick(); ctl.enqueue(c + 1); } });
  const out = await Array.fromAsync(ReadableStream.from([1, 2, 3]).pipeThrough(ts)); log("async transform", out);
}
{
  let ctl; const rs = new ReadableStream({ type: "bytes", start(c) { ctl = c; } });
  const r = rs.getReader();
  const p = r.read(); ctl.enqueue(new Uint8Array([1, 2])); log(await p);
  ctl.enqueue(new Uint8Array([3])); ctl.enqueue(new Uint8Array([4])); log(await r.read(), await r.read());
  ctl.close(); log(await r.read());
}
{
  const rs = new ReadableStream({ type: "bytes", autoAllocateChunkSize: 4, pull(c) { const v = c.byobRequest.view; v[0] = 9; c.byobRequest.respond(1); } });
  for await (const ch of rs) { log("auto iter", ch); break; }
}
{
  const rs = new ReadableStream({ type: "bytes", start(c) { c.enqueue(new Uint16Array([1, 2])); c.close(); } });
  const r = rs.getReader({ mode: "byob" }); log(await r.read(new Uint32Array(2), { min: 1 })); log(await r.read(new Uint8Array(1)));
}
{
  const buf = Buffer.alloc(4);
  const rs = new ReadableStream({ type: "bytes", pull(c) { c.byobRequest.view[0] = 65; c.byobRequest.respond(1); } });
  const r = rs.getReader({ mode: "byob" }); const { value } = await r.read(buf); log(value, Buffer.isBuffer(value), value.constructor.name);
}
