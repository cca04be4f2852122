// Node's util.inspect never runs a Proxy's traps when printing it (showProxy
// false inspects the target): console.log(proxy) prints the target, and a
// revoked proxy prints as <Revoked Proxy>.
const log = [];
const h = new Proxy({ a: 1 }, {
  get(t, k) { log.push("get:" + String(k)); throw new Error("trap"); },
  ownKeys() { log.push("ownKeys"); throw new Error("trap"); },
  getPrototypeOf() { log.push("getPrototypeOf"); throw new Error("trap"); },
});
try { console.log(h); } catch (e) { console.log("threw:", e.message); }
try { console.log([h], { h }); } catch (e) { console.log("threw:", e.message); }
const r = Proxy.revocable({}, {}); r.revoke();
try { console.log("revoked", r.proxy); } catch (e) { console.log("threw:", e.message); }
console.log("traps run:", log.join(",") || "none");
