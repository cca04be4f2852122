// differential
// Web streams: argument errors (name, code, message as Node 22 words them),
// the classes' shapes, and util.inspect output.
import util from "node:util";
const log = (...a) => console.log(...a);
const show = async (label, f) => {
  try {
    const r = f();
    if (r && typeof r.then === "function") {
      try { log(label, "resolved", await r); } catch (e) { log(label, "rejects", e?.name, e?.code, e?.message ?? e); }
    } else log(label, "returns", r);
  } catch (e) { log(label, "throws", e.name, e.code, e.message); }
};
// --- construction
await show("source null", () => new ReadableStream(null));
await show("source number", () => new ReadableStream(1));
await show("strategy number", () => new ReadableStream({}, 1));
await show("type foo", () => new ReadableStream({ type: "foo" }));
await show("hwm -1", () => new ReadableStream({}, { highWaterMark: -1 }));
await show("hwm NaN", () => new ReadableStream({}, { highWaterMark: NaN }));
await show("hwm 'a'", () => new ReadableStream({}, { highWaterMark: "a" }));
await show("size not fn", () => new ReadableStream({}, { size: 1 }));
await show("bytes with size", () => new ReadableStream({ type: "bytes" }, { size() { return 1; } }));
await show("start not fn", () => new ReadableStream({ start: 1 }));
await show("pull not fn", () => new ReadableStream({ pull: 1 }));
await show("cancel not fn", () => new ReadableStream({ cancel: 1 }));
await show("byte pull not fn", () => new ReadableStream({ type: "bytes", pull: 1 }));
await show("autoAllocate 0", () => new ReadableStream({ type: "bytes", autoAllocateChunkSize: 0 }));
await show("sink null", () => new WritableStream(null));
await show("sink number", () => new WritableStream(1));
await show("ws type", () => new WritableStream({ type: "bytes" }));
await show("ws strategy", () => new WritableStream(undefined, 1));
await show("ws hwm", () => new WritableStream({}, { highWaterMark: -5 }));
await show("sink write", () => new WritableStream({ write: 1 }));
await show("sink close", () => new WritableStream({ close: 1 }));
await show("sink abort", () => new WritableStream({ abort: 1 }));
await show("sink start", () => new WritableStream({ start: 1 }));
await show("transformer null", () => new TransformStream(null));
await show("transformer number", () => new TransformStream(1));
await show("writableStrategy", () => new TransformStream({}, 1));
await show("readableStrategy", () => new TransformStream({}, {}, 1));
await show("readableType", () => new TransformStream({ readableType: "bytes" }));
await show("writableType", () => new TransformStream({ writableType: "bytes" }));
await show("transform", () => new TransformStream({ transform: 1 }));
await show("flush", () => new TransformStream({ flush: 1 }));
await show("ts cancel", () => new TransformStream({ cancel: 1 }));
await show("array source ok", () => new ReadableStream([]) instanceof ReadableStream);
await show("function sink ok", () => new WritableStream(() => {}) instanceof WritableStream);
for (const C of [ReadableStreamDefaultController, ReadableByteStreamController, ReadableStreamBYOBRequest, WritableStreamDefaultController, TransformStreamDefaultController]) {
  await show(C.name, () => new C());
}
await show("reader of object", () => new ReadableStreamDefaultReader({}));
await show("byob reader of default stream", () => new ReadableStreamBYOBReader(new ReadableStream()));
await show("writer of object", () => new WritableStreamDefaultWriter({}));
await show("count none", () => new CountQueuingStrategy());
await show("count empty", () => new CountQueuingStrategy({}));
await show("count null", () => new ByteLengthQueuingStrategy(null));
// --- locking and state
const locked = new ReadableStream(); locked.getReader();
await show("getReader locked", () => locked.getReader());
await show("cancel locked", () => locked.cancel());
await show("tee locked", () => locked.tee());
await show("values locked", () => locked.values());
await show("pipeTo locked", () => locked.pipeTo(new WritableStream()));
await show("pipeThrough locked", () => locked.pipeThrough(new TransformStream()));
await show("pipeTo bad dest", () => new ReadableStream().pipeTo({}));
await show("pipeTo locked dest", () => { const ws = new WritableStream(); ws.getWriter(); return new ReadableStream().pipeTo(ws); });
await show("pipeThrough bad", () => new ReadableStream().pipeThrough({}));
await show("pipeThrough no writable", () => new ReadableStream().pipeThrough({ readable: new ReadableStream() }));
await show("pipeTo signal", () => new ReadableStream().pipeTo(new WritableStream(), { signal: 1 }));
await show("pipeTo options", () => new ReadableStream().pipeTo(new WritableStream(), 1));
await show("values options", () => new ReadableStream().values(1));
await show("getReader options", () => new ReadableStream().getReader(1));
await show("getReader mode", () => new ReadableStream().getReader({ mode: "x" }));
await show("getReader byob of default", () => new ReadableStream().getReader({ mode: "byob" }));
const released = new ReadableStream().getReader(); released.releaseLock();
await show("read released", () => released.read());
await show("closed released", () => released.closed);
await show("cancel released", () => released.cancel());
await show("releaseLock twice", () => released.releaseLock());
const lockedWs = new WritableStream(); lockedWs.getWriter();
await show("getWriter locked", () => lockedWs.getWriter());
await show("abort locked", () => lockedWs.abort());
await show("close locked", () => lockedWs.close());
const releasedW = new WritableStream().getWriter(); releasedW.releaseLock();
await show("write released", () => releasedW.write(1));
await show("desiredSize released", () => releasedW.desiredSize);
await show("close released", () => releasedW.close());
await show("abort released", () => releasedW.abort());
await show("ready released", () => releasedW.ready);
await show("closed released", () => releasedW.closed);
await show("enqueue after close", () => new ReadableStream({ start(c) { c.close(); c.enqueue(1); } }));
await show("close twice", () => new ReadableStream({ start(c) { c.close(); c.close(); } }));
await show("byte enqueue number", () => new ReadableStream({ type: "bytes", start(c) { c.enqueue(1); } }));
await show("byte enqueue empty", () => new ReadableStream({ type: "bytes", start(c) { c.enqueue(new Uint8Array(0)); } }));
await show("byte close twice", () => new ReadableStream({ type: "bytes", start(c) { c.close(); c.close(); } }));
await show("byte enqueue after close", () => new ReadableStream({ type: "bytes", start(c) { c.close(); c.enqueue(new Uint8Array(1)); } }));
await show("ts enqueue after terminate", () => new TransformStream({ start(c) { c.terminate(); c.enqueue(1); } }));
const br = new ReadableStream({ type: "bytes" }).getReader({ mode: "byob" });
await show("byob read nothing", () => br.read());
await show("byob read number", () => br.read(1));
await show("byob read empty", () => br.read(new Uint8Array(0)));
await show("byob read min 0", () => br.read(new Uint8Array(4), { min: 0 }));
await show("byob read min 1.5", () => br.read(new Uint8Array(4), { min: 1.5 }));
await show("byob read min '1'", () => br.read(new Uint8Array(4), { min: "1" }));
await show("byob read min 5", () => br.read(new Uint8Array(4), { min: 5 }));
await show("byob read min dv", () => br.read(new DataView(new ArrayBuffer(4)), { min: 5 }));
await show("byob read options", () => br.read(new Uint8Array(4), 1));
await show("from 1", () => ReadableStream.from(1));
await show("from {}", () => ReadableStream.from({}));
await show("from bad iterator", () => ReadableStream.from({ [Symbol.iterator]() { return 1; } }));
// --- brand checks
const D = (C, k) => Object.getOwnPropertyDescriptor(C.prototype, k);
await show("locked this", () => D(ReadableStream, "locked").get.call({}));
await show("cancel this", () => ReadableStream.prototype.cancel.call({}));
await show("getReader this", () => ReadableStream.prototype.getReader.call({}));
await show("tee this", () => ReadableStream.prototype.tee.call({}));
await show("pipeTo this", () => ReadableStream.prototype.pipeTo.call({}, new WritableStream()));
await show("read this", () => ReadableStreamDefaultReader.prototype.read.call({}));
await show("closed this", () => D(ReadableStreamDefaultReader, "closed").get.call({}));
await show("byob read this", () => ReadableStreamBYOBReader.prototype.read.call(new ReadableStream().getReader(), new Uint8Array(1)));
await show("ws locked this", () => D(WritableStream, "locked").get.call({}));
await show("ws abort this", () => WritableStream.prototype.abort.call({}));
await show("writer write this", () => WritableStreamDefaultWriter.prototype.write.call({}));
await show("writer desiredSize this", () => D(WritableStreamDefaultWriter, "desiredSize").get.call({}));
await show("ts readable this", () => D(TransformStream, "readable").get.call({}));
await show("respond this", () => ReadableStreamBYOBRequest.prototype.respond.call({}, 1));
await show("byobRequest this", () => D(ReadableByteStreamController, "byobRequest").get.call({}));
await show("signal this", () => D(WritableStreamDefaultController, "signal").get.call({}));
await show("tc enqueue this", () => TransformStreamDefaultController.prototype.enqueue.call({}, 1));
// --- shapes
for (const C of [ReadableStream, ReadableStreamDefaultReader, ReadableStreamBYOBReader, ReadableStreamBYOBRequest,
  ReadableByteStreamController, ReadableStreamDefaultController, WritableStream, WritableStreamDefaultWriter,
  WritableStreamDefaultController, TransformStream, TransformStreamDefaultController, ByteLengthQueuingStrategy,
  CountQueuingStrategy, TextEncoderStream, TextDecoderStream, CompressionStream, DecompressionStream]) {
  log(C.name, C.length, Object.keys(C.prototype).join(","), Object.prototype.toString.call(C.prototype),
    Object.getOwnPropertyNames(C.prototype).map((k) => { const d = D(C, k); return d.value ? `${k}/${d.value.length}` : `get ${k}`; }).join(","));
}
log(Object.keys(ReadableStream), ReadableStream.from.length, ReadableStream.prototype[Symbol.asyncIterator] === ReadableStream.prototype.values);
log(typeof globalThis.ReadableStream, Object.getOwnPropertyDescriptor(globalThis, "ReadableStream").enumerable, Object.keys(globalThis).filter((k) => k.includes("Stream")));
const cs = new CountQueuingStrategy({ highWaterMark: "3" });
log(cs.highWaterMark, cs.size(), cs.size === new CountQueuingStrategy({ highWaterMark: 1 }).size, cs.size.name, new ByteLengthQueuingStrategy({ highWaterMark: -1 }).highWaterMark);
log(new ByteLengthQueuingStrategy({ highWaterMark: 1 }).size({ byteLength: 7 }));
// --- inspect
const rs = new ReadableStream({ start(c) { log(c); } });
log(rs, [rs], { a: { b: { c: rs } } });
log(util.inspect(rs, { depth: 0 }));
new ReadableStream({ type: "bytes", start(c) { log(c, c.byobRequest); } });
new WritableStream({ start(c) { log(c); } });
const reader = rs.getReader(); log(reader, rs);
const byobReader = new ReadableStream({ type: "bytes" }).getReader({ mode: "byob" }); log(byobReader);
log(new WritableStream(), new TransformStream(), new CountQueuingStrategy({ highWaterMark: 3 }), new ByteLengthQueuingStrategy({ highWaterMark: 1024 }));
log(new TextEncoderStream(), new TextDecoderStream("utf-16le", { fatal: true }));
new ReadableStream({ type: "bytes", pull(c) { log(c.byobRequest); c.byobRequest.respond(1); } }).getReader({ mode: "byob" }).read(new Uint8Array(2));
await new Promise((r) => setTimeout(r, 1));
const errored = new ReadableStream({ start(c) { c.error(new Error("x")); } }); const closedRs = new ReadableStream({ start(c) { c.close(); } });
await new Promise((r) => setTimeout(r, 1));
log(errored, closedRs);
const ws = new WritableStream(); ws.abort(); await new Promise((r) => setTimeout(r, 1)); log(ws);
