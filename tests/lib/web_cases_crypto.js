// crypto: getRandomValues, randomUUID, the subtle getter, shapes.
"use strict";

const util = require("util");

function attrs(object, key) {
  const d = Object.getOwnPropertyDescriptor(object, key);
  if (!d) return "none";
  const kind = "value" in d ? (typeof d.value === "function" ? "method" : `value:${String(d.value)}`) : "accessor";
  return `${kind}${d.enumerable ? " E" : ""}${d.configurable ? " C" : ""}${d.writable ? " W" : ""}`;
}

const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, run, ...extra });
const raw = (name, run, extra = {}) => cases.push({ name, run, raw: true, ...extra });

raw("Crypto prototype listing", (api) => Reflect.ownKeys(api.Crypto.prototype)
  .filter((k) => typeof k === "string" || k === Symbol.toStringTag)
  .map((k) => `${String(k)}: ${attrs(api.Crypto.prototype, k)}`));
raw("crypto shapes", (api) => [
  Object.getOwnPropertyNames(api.crypto), Object.getOwnPropertySymbols(api.crypto).length,
  api.crypto instanceof api.Crypto, String(api.crypto), util.inspect(api.crypto),
  api.crypto.getRandomValues.length, api.crypto.randomUUID.length, api.Crypto.length,
]);
add("new Crypto", (api) => new api.Crypto());
add("getRandomValues without args", (api) => api.crypto.getRandomValues());
for (const [label, make] of Object.entries({
  Float64Array: () => new Float64Array(2),
  Float32Array: () => new Float32Array(2),
  DataView: () => new DataView(new ArrayBuffer(2)),
  ArrayBuffer: () => new ArrayBuffer(2),
  array: () => [1, 2],
  number: () => 1,
  null: () => null,
  undefined: () => undefined,
  "too big Uint8Array": () => new Uint8Array(65537),
  "too big Uint32Array": () => new Uint32Array(16385),
  "too big Float64Array": () => new Float64Array(10000),
  "too big DataView": () => new DataView(new ArrayBuffer(70000)),
})) {
  add(`getRandomValues ${label}`, (api) => api.crypto.getRandomValues(make()));
}
raw("getRandomValues integer arrays", (api) => [
  Int8Array, Int16Array, Int32Array, Uint8Array, Uint16Array, Uint32Array, Uint8ClampedArray, BigInt64Array, BigUint64Array,
].map((C) => {
  const a = new C(8);
  const r = api.crypto.getRandomValues(a);
  return [r === a, r.constructor.name, a.some((x) => x !== 0 && x !== 0n)];
}));
raw("getRandomValues limits", (api) => {
  const max = api.crypto.getRandomValues(new Uint8Array(65536));
  const empty = api.crypto.getRandomValues(new Uint8Array(0));
  return [max.length, max.some((x) => x !== 0), empty.length];
});
raw("getRandomValues fills only the view", (api) => {
  const buffer = new ArrayBuffer(64);
  const view = new Uint8Array(buffer, 16, 32);
  api.crypto.getRandomValues(view);
  const all = new Uint8Array(buffer);
  return [all.slice(0, 16).every((x) => x === 0), all.slice(48).every((x) => x === 0), view.some((x) => x !== 0)];
});
raw("getRandomValues on a detached view", (api) => {
  const b = new ArrayBuffer(4);
  const u = new Uint8Array(b);
  structuredClone(b, { transfer: [b] });
  return api.crypto.getRandomValues(u).length;
});
add("getRandomValues on foreign object", (api) => api.crypto.getRandomValues.call({}, new Uint8Array(2)));
add("getRandomValues unbound", (api) => {
  const g = api.crypto.getRandomValues;
  return g(new Uint8Array(2));
});
raw("randomUUID format", (api) => {
  const re = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const seen = new Set();
  let ok = true;
  for (let i = 0; i < 1000; i++) {
    const u = api.crypto.randomUUID();
    ok = ok && re.test(u);
    seen.add(u);
  }
  return [ok, seen.size, typeof api.crypto.randomUUID({ disableEntropyCache: true })];
});
add("randomUUID on foreign object", (api) => api.crypto.randomUUID.call({}));
// The operations themselves are compared in tests/js/crypto_subtle.mjs.
add("crypto.subtle shape", (api) => [typeof api.crypto.subtle, api.crypto.subtle === api.crypto.subtle, typeof api.crypto.subtle.digest]);
add("subtle on foreign object", (api) => Object.getOwnPropertyDescriptor(api.Crypto.prototype, "subtle").get.call({}));

module.exports = cases;
