// console.log of Proxies whose traps throw or lie: the guest gets the trap's
// error at worst (it can catch it), the streams keep working.
const h = new Proxy({}, {
  get(t, k) { throw new Error("get trap " + String(k)); },
  ownKeys() { throw new Error("ownKeys trap"); },
  getPrototypeOf() { throw new Error("getPrototypeOf trap"); },
  getOwnPropertyDescriptor() { throw new Error("gopd trap"); },
});
const liar = new Proxy({}, { ownKeys: () => ["a", "a", "b"], getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }) });
const revocable = Proxy.revocable({}, {}); revocable.revoke();
for (const [l, v] of [["throwing", h], ["nested", { deep: [h] }], ["liar", liar], ["revoked", revocable.proxy], ["fn-proxy", new Proxy(function f() {}, { get() { throw new Error("fn trap"); } })]]) {
  try { console.log(l, v); } catch (e) { console.log(l, "threw to the guest:", e instanceof Error); }
  try { console.error(l, v); } catch (e) { console.error(l, "threw"); }
}
try { console.log("%s|%d|%j|%o|%O", h, h, h, h, h); } catch (e) { console.log("format threw to the guest:", e instanceof Error); }
console.log("streams still work");
