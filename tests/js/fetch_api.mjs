// differential
// The Fetch API without the network: Headers, Request, Response, FormData,
// the body mixin, data: URLs, and fetch()'s validation and error causes.
const show = async (label, f) => {
  try {
    const r = await f();
    console.log(label, "->", r);
  } catch (e) {
    if (e === null || typeof e !== "object") console.log(label, "!! thrown", e);
    else console.log(label, "!!", e.name, e.code, JSON.stringify(e.message), e.cause?.name, e.cause?.code, JSON.stringify(e.cause?.message));
  }
};
const enc = (s) => new TextEncoder().encode(s);
const stream = (...chunks) => new ReadableStream({ start(c) { for (const x of chunks) c.enqueue(typeof x === "string" ? enc(x) : x); c.close(); } });
const noBoundary = (s) => s.replace(/formdata-undici-0\d{11}/g, "BOUNDARY");

// ---------------------------------------------------------------- Headers
console.log("== Headers");
await show("number init", () => new Headers(5));
await show("null init", () => new Headers(null));
await show("string init", () => new Headers("abc"));
await show("short pair", () => new Headers([["a"]]));
await show("long pair", () => new Headers([["a", "b", "c"]]));
await show("non-iterable pair", () => new Headers([5]));
await show("object pair", () => new Headers([{}]));
await show("bad name", () => new Headers({ "a b": "x" }));
await show("bad value", () => new Headers({ a: "x\ny" }));
await show("non-latin1 value", () => new Headers({ a: "é€" }));
await show("symbol key", () => new Headers({ [Symbol("x")]: "1" }));
await show("append 1 arg", () => new Headers().append("a"));
await show("append 0 args", () => new Headers().append());
await show("get bad name", () => new Headers().get("a b"));
await show("has empty", () => new Headers().has(""));
await show("delete non-latin1", () => new Headers().delete("\u0100"));
await show("set bad value", () => new Headers().set("a", "\0"));
await show("foreign this", () => Headers.prototype.get.call({}, "a"));
await show("forEach not a function", () => new Headers().forEach(5));
await show("iterator next on foreign", () => new Headers([["a", "1"]]).keys().next.call({}));
await show("iterator tag", () => Object.prototype.toString.call(new Headers().keys()));
const h = new Headers([["B", " 2 "], ["a", "1"], ["set-cookie", "s1"], ["Set-Cookie", "s2"], ["cookie", "c1"], ["Cookie", "c2"], ["b", "3"]]);
console.log([...h], h.getSetCookie(), h.get("cookie"), h.get("B"), h.has("SET-COOKIE"), h.get("nope"));
console.log(h);
h.delete("set-cookie");
console.log([...h.keys()], [...h.values()], h.getSetCookie());
h.forEach(function (v, k, o) { console.log("forEach", k, v, o === h, this === globalThis); });
h.forEach(function () { console.log("thisArg", this.x); }, { x: 1 });
h.set("Set-Cookie", "only");
console.log([...h.entries()], h.getSetCookie());
console.log(Object.keys(Headers.prototype), Object.getOwnPropertyNames(Headers.prototype));
console.log(Headers.name, Headers.length, String(h), Headers.prototype[Symbol.iterator] === Headers.prototype.entries);
const it = h.entries();
console.log(Object.getOwnPropertyNames(Object.getPrototypeOf(it)), typeof it[Symbol.iterator], it.next());
console.log(new Headers(new Map([["x", "y"]])), new Headers(h), new Headers({ z: "1", a: "2", 10: "n" }));
const live = new Headers({ b: "1" });
const liveIt = live.entries();
live.append("a", "0");
console.log(liveIt.next(), liveIt.next(), liveIt.next());
const many = new Headers();
for (let i = 40; i > 0; i--) many.append(`h${i}`, String(i));
console.log([...many.keys()].slice(0, 5), [...many].length);

// ---------------------------------------------------------------- Request
console.log("== Request");
await show("no args", () => new Request());
await show("relative", () => new Request("/relative"));
await show("credentials", () => new Request("http://u:p@a.com/"));
await show("bad method", () => new Request("http://a.com/", { method: "bad method" }));
await show("CONNECT", () => new Request("http://a.com/", { method: "CONNECT" }));
await show("trace", () => new Request("http://a.com/", { method: "trace" }));
for (const m of ["get", "Post", "custom", "PATCH", "delete", "options"]) {
  await show(`method ${m}`, () => new Request("http://a.com/", { method: m }).method);
}
await show("GET body", () => new Request("http://a.com/", { body: "x" }));
await show("HEAD body", () => new Request("http://a.com/", { method: "HEAD", body: "x" }));
await show("mode navigate", () => new Request("http://a.com/", { mode: "navigate" }));
await show("mode bogus", () => new Request("http://a.com/", { mode: "bogus" }));
await show("redirect bogus", () => new Request("http://a.com/", { redirect: "bogus" }));
await show("referrerPolicy bogus", () => new Request("http://a.com/", { referrerPolicy: "x" }));
await show("only-if-cached", () => new Request("http://a.com/", { cache: "only-if-cached" }));
await show("window", () => new Request("http://a.com/", { window: 1 }));
await show("window null", () => new Request("http://a.com/", { window: null }).url);
await show("signal 1", () => new Request("http://a.com/", { signal: 1 }));
await show("signal {}", () => new Request("http://a.com/", { signal: {} }));
await show("bad referrer", () => new Request("http://a.com/", { referrer: "http://[" }));
await show("stream without duplex", () => new Request("http://a.com/", { method: "POST", body: stream("x") }));
await show("duplex full", () => new Request("http://a.com/", { method: "POST", body: stream("x"), duplex: "full" }));
await show("no-cors PUT", () => new Request("http://a.com/", { mode: "no-cors", method: "PUT" }));
await show("no-cors stream", () => new Request("http://a.com/", { mode: "no-cors", method: "POST", body: stream("x"), duplex: "half" }));
await show("init 5", () => new Request("http://a.com/", 5));
await show("headers 5", () => new Request("http://a.com/", { headers: 5 }));
await show("headers [[1]]", () => new Request("http://a.com/", { headers: [[1]] }));
await show("headers [5]", () => new Request("http://a.com/", { headers: [5] }));
await show("body symbol", () => new Request("http://a.com/", { method: "POST", body: Symbol("s") }));
await show("keepalive iterable", () => new Request("http://a.com/", { keepalive: true, method: "POST", body: (async function* () {})() }));
await show("iterable without duplex", () => new Request("http://a.com/", { method: "POST", body: (async function* () {})() }));
await show("iterable with duplex", () => new Request("http://a.com/", { method: "POST", body: (async function* () {})(), duplex: "half" }).bodyUsed);
const r = new Request("http://a.com/x?y#z", { method: "POST", body: "hi", headers: { "X-A": "1" }, referrer: "", referrerPolicy: "no-referrer", mode: "same-origin", credentials: "include", cache: "no-store", redirect: "manual", integrity: "sha256-abc", keepalive: true });
console.log(r.url, r.method, [...r.headers], JSON.stringify(r.referrer), r.referrerPolicy, r.mode, r.credentials, r.cache, r.redirect, r.integrity, r.keepalive, r.duplex, JSON.stringify(r.destination), r.bodyUsed, r.signal.aborted, r.isReloadNavigation, r.isHistoryNavigation);
const r2 = new Request(r);
console.log(r2.url, r2.method, [...r2.headers], r2.mode, JSON.stringify(r2.referrer), r.bodyUsed, r2.bodyUsed);
const r3 = new Request(r2, { method: "PUT", headers: { b: "2" } });
console.log(r3.method, [...r3.headers], r3.mode, r3.referrer, r3.redirect, r3.cache);
console.log(await r3.text(), r3.bodyUsed, r2.bodyUsed);
await show("from used request", () => new Request(r3));
await show("clone used", () => r3.clone());
await show("from used with body", async () => (await new Request(r3, { body: "new" }).text()));
console.log(new Request("http://a.com/", { referrer: "http://a.com/ref" }).referrer, new Request("http://a.com/", { referrer: "about:client" }).referrer);
console.log(new Request("http://a.com/").mode, new Request(new Request("http://a.com/")).mode, new Request(new URL("http://b.com/p")).url);
console.log(new Request({ toString() { return "http://c.com"; } }).url, new Request("HTTP://EXAMPLE.com:80/a/../b").url);
const ac = new AbortController();
const r6 = new Request("http://a.com/", { signal: ac.signal });
const r7 = r6.clone();
const r8 = new Request(r6);
console.log(r6.signal === ac.signal, r6.signal.aborted, r7.signal.aborted);
ac.abort();
console.log(r6.signal.aborted, r7.signal.aborted, r8.signal.aborted, r6.signal.reason.name, r7.signal.reason === ac.signal.reason);
console.log(new Request("http://a.com/", { signal: AbortSignal.abort("why") }).signal.reason);
console.log(Object.keys(Request.prototype), Request.length, String(new Request("http://a.com/")));
console.log(new Request("http://a.com/"));
console.log(new Request("http://a.com/", { method: "POST", body: new URLSearchParams("a=1") }).headers.get("content-type"));
await show("request headers mutable", () => { const x = new Request("http://a.com/").headers; x.set("x", "1"); return [...x]; });
await show("clone keeps headers", async () => {
  const q = new Request("http://a.com/", { method: "POST", body: "cl", headers: { a: "1" } });
  const c = q.clone();
  c.headers.set("b", "2");
  return [[...q.headers], [...c.headers], await c.text(), await q.text()];
});
await show("request blob()", async () => {
  const b = await new Request("http://a.com/", { method: "POST", body: "x", headers: { "content-type": "Text/Plain; A=B" } }).blob();
  return [b.type, b.size];
});

// ---------------------------------------------------------------- Response
console.log("== Response");
await show("status 99", () => new Response(null, { status: 99 }));
await show("status 600", () => new Response(null, { status: 600 }));
await show("status 204 null body", () => new Response(null, { status: 204 }).status);
await show("status 204 with body", () => new Response("x", { status: 204 }));
await show("status 304 empty body", () => new Response("", { status: 304 }));
await show("statusText newline", () => new Response(null, { statusText: "a\nb" }));
await show("statusText latin1", () => new Response(null, { statusText: "é" }).statusText);
await show("statusText euro", () => new Response(null, { statusText: "€" }));
await show("status string", () => new Response(null, { status: "abc" }));
await show("status 70000", () => new Response(null, { status: 70000 }));
await show("status 65736", () => new Response(null, { status: 65736 }).status);
await show("status 201.9", () => new Response(null, { status: 201.9 }).status);
await show("status null", () => new Response(null, { status: null }));
await show("init 5", () => new Response(null, 5));
await show("init headers [5]", () => new Response(null, { headers: [5] }));
await show("body 5", () => new Response(5).text());
await show("body {}", () => new Response({}).text());
await show("body symbol", () => new Response(Symbol()));
await show("redirect relative", () => Response.redirect("/x"));
await show("redirect 200", () => Response.redirect("http://a.com/x", 200));
await show("redirect none", () => Response.redirect());
await show("redirect 301", () => { const x = Response.redirect("http://a.com/x y", 301); return [x.status, x.headers.get("location"), x.type, x.url, x.ok, x.redirected, x.statusText, x.body, x.bodyUsed]; });
await show("error()", () => { const x = Response.error(); return [x.status, x.type, x.ok, x.statusText, x.url, x.body, [...x.headers]]; });
await show("error() headers immutable", () => Response.error().headers.set("a", "b"));
await show("redirect headers immutable", () => Response.redirect("http://a.com/").headers.append("a", "b"));
await show("immutable delete", () => Response.redirect("http://a.com/").headers.delete("location"));
await show("immutable bad name first", () => Response.redirect("http://a.com/").headers.delete("a b"));
await show("json()", () => Response.json());
await show("json(undefined)", () => Response.json(undefined));
await show("json(symbol)", () => Response.json(Symbol()));
await show("json ok", async () => { const x = Response.json({ a: 1 }, { status: 201, headers: { "x-y": "z" } }); return [x.status, [...x.headers], await x.json()]; });
await show("json keeps content-type", async () => { const x = Response.json("x", { headers: { "content-type": "text/foo" } }); return [[...x.headers], await x.text()]; });
await show("json 204", () => Response.json(1, { status: 204 }));
await show("string body", async () => { const x = new Response("héllo"); return [x.status, x.ok, x.statusText, x.type, x.url, x.redirected, [...x.headers], x.bodyUsed, await x.text(), x.bodyUsed]; });
await show("read twice", async () => { const x = new Response("x"); await x.text(); return x.text(); });
await show("clone after read", async () => { const x = new Response("x"); await x.text(); return x.clone(); });
await show("null body", async () => { const x = new Response(null); return [x.body, x.bodyUsed, await x.text(), x.bodyUsed, await x.text(), await x.arrayBuffer(), await x.bytes(), await x.blob(), x.bodyUsed]; });
await show("view body", async () => { const x = new Response(new Uint8Array([1, 2, 3]).subarray(1)); return [[...x.headers], await x.bytes()]; });
await show("arraybuffer body", async () => { const x = new Response(new Uint16Array([0x4142]).buffer); return [await x.text()]; });
await show("dataview body", async () => { const x = new Response(new DataView(new Uint8Array([65, 66, 67]).buffer, 1)); return [await x.text()]; });
await show("buffer body copied", async () => { const u = enc("abc"); const x = new Response(u); u[0] = 120; return x.text(); });
await show("blob body", async () => { const x = new Response(new Blob(["blob!"], { type: "text/X" })); return [[...x.headers], await x.text()]; });
await show("untyped blob", async () => { const x = new Response(new Blob(["blob!"])); return [[...x.headers], (await x.blob()).type]; });
await show("file body", async () => { const x = new Response(new File(["f"], "n.txt", { type: "a/b" })); return [[...x.headers], await x.text()]; });
await show("blob() type", async () => { const x = new Response("a", { headers: { "content-type": "Text/HTML; Charset=\"utf-8\"; x=y" } }); const b = await x.blob(); return [b.type, b.size]; });
await show("blob() bad type", async () => (await new Response("a", { headers: { "content-type": "nonsense" } }).blob()).type);
await show("blob() */*", async () => (await new Response("a", { headers: { "content-type": "*/*" } }).blob()).type);
await show("blob() merged types", async () => (await new Response("a", { headers: [["content-type", "text/html;charset=gbk"], ["content-type", "text/html"]] }).blob()).type);
await show("urlsearchparams body", async () => { const x = new Response(new URLSearchParams({ a: "1 2", b: "é" })); return [[...x.headers], await x.text()]; });
await show("bad json", async () => { try { await new Response("{bad").json(); } catch (e) { return e.name; } });
await show("bom json", async () => new Response("\ufeff{\"a\":1}").json());
await show("bom text", async () => JSON.stringify(await new Response(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xff])).text()));
await show("arrayBuffer()", async () => { const b = await new Response("abc").arrayBuffer(); return [b instanceof ArrayBuffer, b.byteLength]; });
await show("foreign text()", () => Response.prototype.text.call({}));
await show("foreign status", () => Object.getOwnPropertyDescriptor(Response.prototype, "status").get.call({}));
await show("foreign clone", () => Response.prototype.clone.call(new Request("http://a.com/")));
console.log(Object.keys(Response.prototype), Object.keys(Response), Response.length, String(new Response()));
await show("clone", async () => { const x = new Response("abc", { status: 201, statusText: "Created", headers: [["a", "b"]] }); const c = x.clone(); return [c.status, c.statusText, [...c.headers], await c.text(), await x.text()]; });
await show("clone guard", async () => { const x = Response.redirect("http://a.com/"); const c = x.clone(); return c.headers.set("a", "b"); });
await show("clone independent headers", async () => { const x = new Response("a"); const c = x.clone(); c.headers.set("z", "1"); return [[...x.headers], [...c.headers]]; });
console.log(new Response("hi", { status: 202, headers: { a: "1" } }));

// ---------------------------------------------------------------- bodies as streams
console.log("== streams");
await show("body is a ReadableStream", () => { const x = new Response("abc"); return [x.body instanceof ReadableStream, x.body === x.body, x.bodyUsed]; });
await show("read the body", async () => { const x = new Response("abc"); const rd = x.body.getReader(); const a = await rd.read(); const b = await rd.read(); return [a, b, x.bodyUsed, x.body.locked]; });
await show("byob read", async () => { const x = new Response("xyz"); const rd = x.body.getReader({ mode: "byob" }); const a = await rd.read(new Uint8Array(2)); return [a, x.body]; });
await show("text() while locked", async () => { const x = new Response("x"); x.body.getReader(); return [x.bodyUsed, await x.text().catch((e) => e.message)]; });
await show("released after read", async () => { const x = new Response(stream("A")); const rd = x.body.getReader(); await rd.read(); rd.releaseLock(); return [x.bodyUsed, await x.text().catch((e) => e.message)]; });
await show("body after text()", async () => { const x = new Response("abc"); await x.text(); return [x.body.locked, x.bodyUsed]; });
await show("stream identity", () => { const s = stream("a"); return new Response(s).body === s; });
await show("locked stream", () => { const s = stream("a"); s.getReader(); return new Response(s); });
await show("disturbed stream", async () => { const s = stream("a"); const rd = s.getReader(); await rd.read(); rd.releaseLock(); return new Response(s); });
await show("stream body", async () => new Response(stream("st", "re", "am")).text());
await show("stream of strings", async () => new Response(stream()).text().then(() => new Response(new ReadableStream({ start(c) { c.enqueue("str"); c.close(); } })).text()));
await show("errored stream", async () => new Response(new ReadableStream({ start(c) { c.error(new Error("boom")); } })).text());
await show("async iterable", async () => new Response((async function* () { yield "ab"; yield new Uint8Array([99]); yield [100]; yield Buffer.from("e"); })()).text());
await show("sync iterable is not a body", async () => new Response([1, 2]).text());
await show("clone a stream body", async () => { const x = new Response(stream("A", "B")); const b = x.body; const c = x.clone(); return [x.body === b, await c.text(), await x.text()]; });
await show("clone then read both streams", async () => {
  const x = new Response("tee");
  const c = x.clone();
  const out = [];
  for await (const chunk of c.body) out.push(new TextDecoder().decode(chunk));
  for await (const chunk of x.body) out.push(new TextDecoder().decode(chunk));
  return out;
});
await show("clone after body access", async () => { const x = new Response("tee"); const b = x.body; const c = x.clone(); return [x.body === b, await c.text(), x.bodyUsed, await x.text(), c.bodyUsed]; });
await show("bytes() copies stream chunks", async () => { const u = new Uint8Array([1, 2]); const b = await new Response(new ReadableStream({ start(c) { c.enqueue(u); c.close(); } })).bytes(); b[0] = 9; return [u, b]; });
await show("clone locked", async () => { const x = new Response(stream("A")); x.body.getReader(); return x.clone(); });
await show("cancel body", async () => { const x = new Response("abc"); await x.body.cancel(); return [x.bodyUsed, await x.text().catch((e) => e.message)]; });
await show("request body stream", async () => { const q = new Request("http://a.com/", { method: "POST", body: "rq" }); const rd = q.body.getReader(); return [(await rd.read()).value, q.bodyUsed]; });
await show("request from stream", async () => { const q = new Request("http://a.com/", { method: "POST", body: stream("s1", "s2"), duplex: "half" }); return [q.duplex, await q.text()]; });
await show("request clone stream", async () => { const q = new Request("http://a.com/", { method: "POST", body: stream("s"), duplex: "half" }); const c = q.clone(); return [await c.text(), await q.text()]; });
await show("request from request with stream", async () => { const q = new Request("http://a.com/", { method: "POST", body: stream("moved"), duplex: "half" }); const q2 = new Request(q); return [q.bodyUsed, await q2.text()]; });

// ---------------------------------------------------------------- FormData
console.log("== FormData");
await show("FormData(5)", () => new FormData(5));
await show("FormData(undefined)", () => new FormData(undefined));
await show("append 1 arg", () => new FormData().append("a"));
await show("append string with filename", () => new FormData().append("a", "b", "c"));
await show("set string with filename", () => new FormData().set("a", "b", "c"));
await show("get()", () => new FormData().get());
await show("foreign get", () => FormData.prototype.get.call({}, "a"));
const fd = new FormData();
fd.append("a", "1");
fd.append("b", new Blob(["xy"], { type: "text/plain" }));
fd.append("c", new Blob(["z"]), "name.txt");
fd.append("a", 2);
fd.append("\ud800", "lone\udc00");
fd.append("f", new File(["ff"], "orig.bin", { type: "app/x", lastModified: 42 }));
fd.append("g", new File(["ff"], "orig.bin", { type: "app/x", lastModified: 42 }), "renamed");
console.log(fd.get("a"), fd.getAll("a"), fd.has("b"), fd.get("zz"), fd.getAll("zz"));
const fb = fd.get("b");
console.log(fb instanceof File, fb.name, fb.type, fb.size, typeof fb.lastModified);
console.log(fd.get("c").name, JSON.stringify(fd.get("c").type), fd.get("f").name, fd.get("f").lastModified, fd.get("f") === fd.get("f"));
console.log(fd.get("g").name, fd.get("g").lastModified, fd.get("g").type, await fd.get("g").text());
console.log(JSON.stringify([...fd.keys()]));
fd.set("a", "only");
console.log(JSON.stringify([...fd.keys()]), fd.getAll("a"));
fd.delete("b");
console.log(JSON.stringify([...fd.keys()]));
console.log(Object.keys(FormData.prototype), Object.getOwnPropertyNames(FormData.prototype), FormData.length);
const fit = fd.entries();
console.log(Object.prototype.toString.call(fit), fit.next());
fd.forEach((v, k, o) => console.log("forEach", JSON.stringify(k), typeof v, o === fd));
const small = new FormData();
small.append("x", "1");
small.append("x", "2");
small.append("e", "");
small.append("e", "again");
console.log(small, new FormData());
const mr = new Response(fd);
console.log(noBoundary(mr.headers.get("content-type")));
console.log(JSON.stringify(noBoundary(await mr.text())));
const fd2 = new FormData();
fd2.append("x\r\ny\"z", "v\nw\rq\r\n");
fd2.append("f", new Blob(["1"]), "a\"b\nc.txt");
const t2 = noBoundary(await new Response(fd2).text());
console.log(JSON.stringify(t2));
const parsed = await new Response(t2.replaceAll("BOUNDARY", "formdata-undici-012345678901"), { headers: { "content-type": "multipart/form-data; boundary=----formdata-undici-012345678901" } }).formData();
for (const [k, v] of parsed) console.log(JSON.stringify(k), typeof v === "string" ? JSON.stringify(v) : [v.name, v.type, v.size, await v.text()]);
const roundTrip = await new Response(fd).formData().catch((e) => e.message);
for (const [k, v] of roundTrip) console.log("round trip", JSON.stringify(k), typeof v === "string" ? v : [v.name, v.type, v.size, v.lastModified > 1e12]);
const rq = new Request("http://a.com/", { method: "POST", body: fd });
const back = await rq.formData();
console.log(JSON.stringify([...back.keys()]), back.get("c").name, back.get("c").type, await back.get("c").text(), back.get("f").type);
const B = "abcdefghijklmnopqrstuvwxyz0123";
const mp = `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nhello\r\n--${B}\r\nContent-Disposition: form-data; name="file"; filename="t.txt"\r\nContent-Type: text/x\r\n\r\ncontent\r\n--${B}\r\nContent-Disposition: form-data; name="nf"; filename="u.txt"\r\n\r\nx\r\n--${B}\r\nContent-Disposition: form-data; name="b64"\r\nContent-Transfer-Encoding: base64\r\n\r\naGk=\r\n--${B}\r\ncontent-disposition: form-data; name="esc%22%0A"; filename*="s.txt"\r\nX-Other: 1\r\n\r\n\r\n--${B}--`;
const p2 = await new Response(mp, { headers: { "content-type": `multipart/form-data; boundary=${B}` } }).formData();
for (const [k, v] of p2) console.log(JSON.stringify(k), typeof v === "string" ? JSON.stringify(v) : [v.name, v.type, await v.text()]);
console.log([...await new Response("\r\n--short\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nhello\r\n--short--\r\n\r\n", { headers: { "content-type": "multipart/form-data; boundary=short" } }).formData()]);
for (const [label, body, type] of [
  ["no boundary", "zz", "multipart/form-data"],
  ["garbage", "zz", `multipart/form-data; boundary=${B}`],
  ["no name", `--${B}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${B}--`, `multipart/form-data; boundary=${B}`],
  ["unterminated", `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx`, `multipart/form-data; boundary=${B}`],
  ["bad header", `--${B}\r\nContent Disposition: form-data; name="a"\r\n\r\nx\r\n--${B}--`, `multipart/form-data; boundary=${B}`],
  ["text/plain", "a=1", "text/plain"],
  ["no type", "a=1", null],
]) {
  await show(`formData ${label}`, () => new Response(body, type ? { headers: { "content-type": type } } : {}).formData());
}
await show("urlencoded", async () => [...await new Request("http://a/", { method: "POST", body: "a=%20b&c+d=%zz&&e&%C3%A9=%FF", headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8" } }).formData()]);
await show("urlencoded from params", async () => [...await new Response(new URLSearchParams([["k", "v w"], ["k", "x"]])).formData()]);

// ---------------------------------------------------------------- fetch without the network
console.log("== fetch");
const d = async (u, init) => { const x = await fetch(u, init); return [x.status, x.statusText, x.type, x.url, x.redirected, [...x.headers], await x.text()]; };
await show("data plain", () => d("data:,Hello%2C%20World!"));
await show("data base64", () => d("data:text/plain;base64,SGVsbG8="));
await show("data base64 space", () => d("data:text/html;charset=UTF-8;base64 ,PGI+"));
await show("data charset only", () => d("data:;charset=x,abc#frag"));
await show("data bad type", () => d("data:foo,abc"));
await show("data spaces", () => d("data: Text/Plain ; A=B ; base64,YQ"));
await show("data quoted param", () => d('data:text/plain;a="b\\"c",x'));
await show("data utf8", () => d("data:,%E2%82%AC%zz€"));
await show("data POST", () => d("data:application/json,%7B%22a%22%3A1%7D", { method: "POST", body: "x" }));
await show("data HEAD", () => d("data:,a", { method: "HEAD" }));
await show("data bad base64", () => d("data:text/plain;base64,!!!"));
await show("data base64 length", () => d("data:;base64,a"));
await show("data base64 whitespace", () => d("data:;base64,%20SGVs%0AbG8"));
await show("data no comma", () => d("data:nocomma"));
await show("data blob()", async () => { const x = await fetch("data:,abc"); const b = await x.blob(); return [b.type, b.size]; });
await show("data bytes", async () => { const x = await fetch("data:image/png;base64,iVBORw0KGgo="); return [[...x.headers], await x.bytes()]; });
await show("data Request", async () => (await fetch(new Request("data:,req"))).text());
await show("data immutable", async () => (await fetch("data:,x")).headers.set("a", "b"));
await show("data same-origin", async () => (await fetch("data:,x", { redirect: "error", mode: "same-origin" })).status);
await show("data no-cors", async () => { const x = await fetch("data:,x", { mode: "no-cors" }); return [x.status, x.type]; });
await show("data integrity mismatch", async () => (await fetch("data:,x", { integrity: "sha256-xxx" })).status);
await show("data integrity ok", async () => (await fetch("data:,x", { integrity: "sha256-LXuqGhLLcyjSqxagp0bpIdq7UmRtdvy2MO2q7OVRBcg=" })).status);
await show("data integrity base64url", async () => (await fetch("data:,abc", { integrity: "sha512-3a81oZNherrMQXNJriBBMRLm-k6JqX6iCp7u5ktV05ohkpkqJ0_BqDa6PCOj_uu9RU1EI2Q86A4qmslPpUyknw==" })).status);
await show("data integrity unknown algo", async () => (await fetch("data:,x", { integrity: "md5-xxx" })).status);
await show("data clone", async () => { const x = await fetch("data:,cl"); const c = x.clone(); return [await c.text(), await x.text(), c.url]; });
await show("fetch()", () => fetch());
await show("fetch relative", () => fetch("/rel"));
await show("fetch file:", () => fetch("file:///etc/passwd"));
await show("fetch about:", () => fetch("about:blank"));
await show("fetch ftp:", () => fetch("ftp://x.com/"));
await show("fetch blob:", () => fetch("blob:nope"));
await show("fetch blob: query", () => fetch("blob:nope?x"));
await show("fetch ws:", () => fetch("ws://x.com/"));
await show("fetch GET body", () => fetch("http://a.com/", { method: "GET", body: "x" }));
await show("fetch credentials", () => fetch("http://u:p@a.com/"));
await show("fetch bad port", () => fetch("http://a.com:1/"));
await show("fetch bad port 6000", () => fetch("https://a.com:6000/"));
await show("fetch aborted", () => fetch("data:,x", { signal: AbortSignal.abort() }));
await show("fetch aborted reason", () => fetch("data:,x", { signal: AbortSignal.abort("why") }));
await show("fetch aborted error", () => fetch("http://a.com/", { signal: AbortSignal.abort(new Error("E")) }));
await show("fetch abort right away", async () => { const c = new AbortController(); const p = fetch("data:,x", { signal: c.signal }); c.abort(); return (await p).status; });
await show("fetch abort data body", async () => { const c = new AbortController(); const x = await fetch("data:,x", { signal: c.signal }); c.abort(); return [x.bodyUsed, await x.text().catch((e) => e.message)]; });
await show("fetch bad init", () => fetch("data:,x", 5));
console.log(typeof fetch, fetch.name, fetch.length, Object.getOwnPropertyDescriptor(globalThis, "fetch").enumerable, Object.getOwnPropertyDescriptor(globalThis, "Headers").enumerable);
