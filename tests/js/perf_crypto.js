// differential
// performance and crypto, on what does not depend on time or chance.
const t0 = performance.now();
console.log(typeof t0, t0 >= 0, performance.now() >= t0, typeof performance.timeOrigin, performance.timeOrigin > 1.6e12);
const m = performance.mark("start", { detail: { k: 1 } });
console.log(m.name, m.entryType, typeof m.startTime, m.detail, m.duration);
performance.mark("end");
const ms = performance.measure("span", "start", "end");
console.log(ms.name, ms.entryType, ms.duration >= 0);
console.log(performance.getEntriesByType("mark").map((e) => e.name), performance.getEntriesByName("span").length);
performance.clearMarks("start");
console.log(performance.getEntriesByType("mark").length);
try { performance.measure("bad", "nope"); } catch (e) { console.log(e.name, e.message); }
const id = crypto.randomUUID();
console.log(typeof id, id.length, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id), id !== crypto.randomUUID());
const a = new Uint32Array(8);
console.log(crypto.getRandomValues(a) === a, a.some((x) => x !== 0));
const view = new Uint8Array(new ArrayBuffer(16), 8, 8);
crypto.getRandomValues(view);
console.log(new Uint8Array(view.buffer, 0, 8).every((x) => x === 0));
try { crypto.getRandomValues(new Float32Array(1)); } catch (e) { console.log(e.name, e.message); }
try { crypto.getRandomValues(new Uint8Array(65537)); } catch (e) { console.log(e.name, e.message); }
