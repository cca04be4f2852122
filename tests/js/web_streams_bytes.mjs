// differential
// Byte streams and BYOB readers, Blob.stream(), TextEncoderStream,
// TextDecoderStream, CompressionStream and DecompressionStream.
const log = (...a) => console.log(...a);
const err = (label) => (e) => log(label, e?.name, e?.code, e?.message ?? e);
const tick = () => new Promise((r) => setTimeout(r, 0));

// --- byte streams: default reader, BYOB reader, byobRequest, autoAllocate
{
  const rs = new ReadableStream({
    type: "bytes",
    start(c) { log("start", c.constructor.name, c.desiredSize, c.byobRequest); c.enqueue(new Uint8Array([1, 2, 3])); log("desired", c.desiredSize); },
  }, { highWaterMark: 4 });
  const r = rs.getReader();
  const { value } = await r.read(); log(value, value.buffer.byteLength);
}
{
  let i = 0;
  const rs = new ReadableStream({
    type: "bytes",
    pull(c) {
      const req = c.byobRequest;
      log("pull view", req.view.constructor.name, req.view.byteOffset, req.view.byteLength);
      for (let k = 0; k < 3; k++) req.view[k] = ++i;
      req.respond(3);
      if (i >= 9) c.close();
    },
  });
  const r = rs.getReader({ mode: "byob" });
  let buf = new ArrayBuffer(8);
  let res = await r.read(new Uint8Array(buf, 0, 8)); log(res.value, res.done, buf.byteLength, res.value.buffer.byteLength);
  res = await r.read(new Uint8Array(res.value.buffer, 0, 8)); log(res.value, res.done);
  res = await r.read(new Uint16Array(4)); log(res.value, res.done);
  res = await r.read(new Uint8Array(4)); log(res.value, res.done);
  res = await r.read(new DataView(new ArrayBuffer(2))); log(res.value.constructor.name, res.value.byteLength, res.done);
}
{
  // autoAllocateChunkSize: a default reader also gets a byobRequest
  const rs = new ReadableStream({
    type: "bytes", autoAllocateChunkSize: 16,
    pull(c) { const v = c.byobRequest.view; log("auto view", v.byteLength); v.set([7, 8]); c.byobRequest.respond(2); c.close(); },
  });
  const r = rs.getReader(); log(await r.read(), await r.read());
}
{
  // read({min}) waits for the minimum
  let ctl;
  const rs = new ReadableStream({ type: "bytes", start(c) { ctl = c; } });
  const r = rs.getReader({ mode: "byob" });
  const p = r.read(new Uint8Array(6), { min: 4 });
  ctl.enqueue(new Uint8Array([1, 2])); await tick(); log("not yet");
  ctl.enqueue(new Uint8Array([3, 4, 5])); log("min read", await p);
  ctl.enqueue(new Uint8Array([9])); ctl.close(); log(await r.read(new Uint8Array(4))); log(await r.read(new Uint8Array(4)));
}
{
  // respondWithNewView, enqueue with pending BYOB request
  const rs = new ReadableStream({
    type: "bytes",
    pull(c) {
      const v = c.byobRequest.view;
      const nv = new Uint8Array(v.buffer, v.byteOffset, 2); nv.set([42, 43]);
      c.byobRequest.respondWithNewView(nv);
    },
  });
  const r = rs.getReader({ mode: "byob" }); log(await r.read(new Uint8Array(5)));
  let ctl;
  const rs2 = new ReadableStream({ type: "bytes", start(c) { ctl = c; } });
  const r2 = rs2.getReader({ mode: "byob" }); const p = r2.read(new Uint8Array(3));
  ctl.enqueue(new Uint8Array([5, 6, 7, 8, 9])); log(await p, await r2.read(new Uint8Array(3)));
}
{
  // enqueue transfers the chunk's buffer
  let ctl; const rs = new ReadableStream({ type: "bytes", start(c) { ctl = c; } });
  const chunk = new Uint8Array([1, 2, 3]); ctl.enqueue(chunk); log("detached after enqueue", chunk.byteLength, chunk.buffer.byteLength);
  log(await rs.getReader().read());
}
{
  // byte stream errors
  const rs = new ReadableStream({ type: "bytes", start(c) { c.enqueue(new Uint8Array([1, 2, 3])); c.close(); } });
  const r = rs.getReader({ mode: "byob" }); log(await r.read(new Uint16Array(1))); await r.read(new Uint16Array(1)).catch(err("partial"));
  const rs2 = new ReadableStream({ type: "bytes", pull(c) { c.error(new Error("byte err")); } });
  await rs2.getReader({ mode: "byob" }).read(new Uint8Array(1)).catch(err("byte error"));
  let req;
  const rs3 = new ReadableStream({ type: "bytes", pull(c) { req = c.byobRequest; } });
  const r3 = rs3.getReader({ mode: "byob" }); const p3 = r3.read(new Uint8Array(4)); await tick();
  try { req.respond(5); } catch (e) { err("respond too big")(e); }
  try { req.respond(0); } catch (e) { err("respond 0")(e); }
  try { req.respondWithNewView(new Uint8Array(2)); } catch (e) { err("new view other buffer")(e); }
  r3.releaseLock(); await p3.catch(err("released"));
  try { req.respond(1); } catch (e) { err("respond after release")(e); }
}
{
  // tee of a byte stream, one branch read with BYOB
  let n = 0;
  const rs = new ReadableStream({ type: "bytes", pull(c) { c.enqueue(new Uint8Array([n, n + 1])); n += 2; if (n >= 6) c.close(); } });
  const [a, b] = rs.tee();
  log("branches byob", a.getReader({ mode: "byob" }) instanceof ReadableStreamBYOBReader);
  const b2 = b; const outB = [];
  for await (const ch of b2) outB.push(...ch);
  log("tee bytes b", outB);
}
{
  let n = 0;
  const rs = new ReadableStream({ type: "bytes", pull(c) { c.enqueue(new Uint8Array([++n])); if (n === 3) c.close(); } });
  const [a, b] = rs.tee();
  const ra = a.getReader({ mode: "byob" }); const got = [];
  for (;;) { const { value, done } = await ra.read(new Uint8Array(4)); if (done) break; got.push(...value); }
  log("tee byob a", got, await Array.fromAsync(b, (x) => Array.from(x)));
}
// --- Blob.stream
{
  const blob = new Blob(["hello ", "world"]);
  const s = blob.stream(); log(s);
  const chunks = await Array.fromAsync(s); log(chunks.map((c) => new TextDecoder().decode(c)).join(""));
  const r = new Blob(["hello"]).stream().getReader({ mode: "byob" });
  log(await r.read(new Uint8Array(3)), await r.read(new Uint8Array(10)), await r.read(new Uint8Array(10)));
  log(await Array.fromAsync(new Blob([]).stream()));
}
// --- TextEncoderStream / TextDecoderStream
{
  const te = new TextEncoderStream(); const w = te.writable.getWriter();
  w.write("a\uD83D"); w.write("\uDE00b"); w.write("\uD800"); w.write(""); w.write(12); w.close();
  log(await Array.fromAsync(te.readable));
  const te2 = new TextEncoderStream(); const w2 = te2.writable.getWriter(); w2.write("\uD83D"); w2.close(); log(await Array.fromAsync(te2.readable));
  const td = new TextDecoderStream(); const wd = td.writable.getWriter();
  for (const b of new TextEncoder().encode("h€llo😀")) wd.write(new Uint8Array([b]));
  wd.write(new Uint8Array([0xE2])); wd.close(); log(await Array.fromAsync(td.readable));
  const round = await Array.fromAsync(ReadableStream.from(["grüße ", "😀"]).pipeThrough(new TextEncoderStream()).pipeThrough(new TextDecoderStream()));
  log(round.join(""));
  const td2 = new TextDecoderStream("utf-16le"); const w3 = td2.writable.getWriter(); w3.write(new Uint8Array([0x41])); w3.write(new Uint8Array([0, 0x42, 0])); w3.close(); log(await Array.fromAsync(td2.readable));
  const bom = new TextDecoderStream("utf-8", { ignoreBOM: true }); const w4 = bom.writable.getWriter(); w4.write(new Uint8Array([0xEF, 0xBB, 0xBF, 0x41])); w4.close(); log(await Array.fromAsync(bom.readable));
  const fatal = new TextDecoderStream("utf-8", { fatal: true }); const w5 = fatal.writable.getWriter(); w5.write(new Uint8Array([0xE2])).catch(() => {}); w5.close().catch(err("fatal close"));
  await Array.fromAsync(fatal.readable).catch(err("fatal"));
  log(te.encoding, td.encoding, td.fatal, td.ignoreBOM, fatal.fatal, new TextDecoderStream("latin1").encoding);
  try { new TextDecoderStream("nope"); } catch (e) { err("bad label")(e); }
  const td3 = new TextDecoderStream(); const w6 = td3.writable.getWriter(); const r6 = td3.readable.getReader();
  const rp6 = r6.read(); await w6.write("str").catch(err("decoder string")); await rp6.catch(err("decoder string read"));
}
// --- CompressionStream / DecompressionStream
{
  const text = "The quick brown fox jumps over the lazy dog. ".repeat(200);
  for (const fmt of ["gzip", "deflate", "deflate-raw"]) {
    const parts = await Array.fromAsync(new Blob([text]).stream().pipeThrough(new CompressionStream(fmt)));
    const compressed = new Uint8Array(await new Blob(parts).arrayBuffer());
    const back = await Array.fromAsync(ReadableStream.from([compressed.subarray(0, 10), compressed.subarray(10)]).pipeThrough(new DecompressionStream(fmt)).pipeThrough(new TextDecoderStream()));
    log(fmt, compressed.length < text.length, compressed[0], back.join("") === text);
  }
  const zlib = await import("node:zlib");
  const viaNode = await Array.fromAsync(ReadableStream.from([zlib.gzipSync("from node zlib")]).pipeThrough(new DecompressionStream("gzip")).pipeThrough(new TextDecoderStream()));
  log(viaNode.join(""));
  const multi = await Array.fromAsync(ReadableStream.from([Buffer.concat([zlib.gzipSync("hello "), zlib.gzipSync("world")])]).pipeThrough(new DecompressionStream("gzip")).pipeThrough(new TextDecoderStream()));
  log("multi-member", multi.join(""));
  const strIn = await Array.fromAsync(ReadableStream.from(["a string chunk"]).pipeThrough(new CompressionStream("deflate")));
  log("string input", zlib.inflateSync(Buffer.concat(strIn)).toString());
  const empty = await Array.fromAsync(ReadableStream.from([]).pipeThrough(new CompressionStream("gzip")));
  log("empty gzip", zlib.gunzipSync(Buffer.concat(empty)).length);
  async function fail(fmt, bytes, label) {
    const ds = new DecompressionStream(fmt); const w = ds.writable.getWriter();
    w.write(bytes).catch(() => {}); w.close().catch(() => {});
    try { await Array.fromAsync(ds.readable); log(label, "no error"); } catch (e) { log(label, e.name, e.code, JSON.stringify(e.message), e.cause?.message, e.cause?.code, e.cause?.errno); }
  }
  await fail("deflate", new Uint8Array([1, 2, 3, 4, 5]), "garbage");
  await fail("gzip", zlib.gzipSync("truncated input here").subarray(0, 12), "truncated");
  await fail("deflate", Buffer.concat([zlib.deflateSync("x"), Buffer.from("junk")]), "junk");
  await fail("gzip", new Uint8Array(0), "nothing");
  for (const bad of ["foo", undefined, "GZIP", "br"]) {
    try { new CompressionStream(bad); } catch (e) { err("cs " + bad)(e); }
  }
  try { new DecompressionStream("zip"); } catch (e) { err("ds")(e); }
  log(new CompressionStream("gzip"), new DecompressionStream("deflate-raw"));
}
