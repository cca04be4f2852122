// differential
// Lengths and counts given to crypto: NaN, negative, huge and fractional values are refused as Node refuses them (a NaN keylen once crashed the worker).
const c = require("crypto");
for (const [it, kl] of [[1, -1], [1, 1e12], [1, NaN], [0, 10], [-5, 10], [1, "abc"], [1.5, 4], [2 ** 31, 4], [1, 2 ** 31]])
  try { const r = c.pbkdf2Sync("a", "b", it, kl, "sha256"); console.log(it, kl, "ok", r.length); } catch (e) { console.log(it, kl, e.name, e.code, e.message); }
for (const [kl, o] of [[NaN, {}], [-1, {}], [1.5, {}], [8, {}]])
  try { const r = c.scryptSync("a", "b", kl, o); console.log(kl, "ok", r.length); } catch (e) { console.log(kl, JSON.stringify(o), e.name, e.code); }
// GCM/AEAD authTagLength: non-integers and bad lengths refused as Node does.
for (const t of [1e10, 1000, 4, 16, -1, NaN]) {
  try {
    const ci = c.createCipheriv("aes-128-gcm", Buffer.alloc(16), Buffer.alloc(12), { authTagLength: t });
    ci.update("x"); ci.final();
    console.log(t, ci.getAuthTag().length);
  } catch (e) { console.log(t, e.name, e.code, e.message); }
}
