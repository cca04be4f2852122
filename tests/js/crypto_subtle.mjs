// differential
// crypto.subtle: digest, HMAC, AES-GCM/CBC/CTR, PBKDF2, key import/export/generate and the errors a caller meets.
const s = crypto.subtle;
const hex = (b) => Buffer.from(b).toString("hex");
const enc = new TextEncoder();
console.log(hex(await s.digest("SHA-256", enc.encode("abc"))));
console.log(hex(await s.digest({ name: "sha-1" }, enc.encode("abc"))));
const hk = await s.importKey("raw", enc.encode("key"), { name: "HMAC", hash: "SHA-256" }, true, ["sign", "verify"]);
console.log(hk.type, hk.extractable, JSON.stringify(hk.algorithm), hk.usages, Object.prototype.toString.call(hk));
const sig = await s.sign("HMAC", hk, enc.encode("msg"));
console.log(hex(sig), await s.verify("HMAC", hk, sig, enc.encode("msg")), await s.verify("HMAC", hk, sig, enc.encode("msh")));
console.log(JSON.stringify(await s.exportKey("jwk", hk)));
const ak = await s.importKey("raw", new Uint8Array(16).fill(7), "AES-GCM", true, ["encrypt", "decrypt"]);
const iv = new Uint8Array(12).fill(1);
const ct = await s.encrypt({ name: "AES-GCM", iv, additionalData: enc.encode("ad") }, ak, enc.encode("hello world"));
console.log(hex(ct));
console.log(new TextDecoder().decode(await s.decrypt({ name: "AES-GCM", iv, additionalData: enc.encode("ad") }, ak, ct)));
const bad = new Uint8Array(ct); bad[0] ^= 1;
try { await s.decrypt({ name: "AES-GCM", iv, additionalData: enc.encode("ad") }, ak, bad); } catch (e) { console.log(e.name, e instanceof DOMException); }
const ck = await s.importKey("raw", new Uint8Array(32).fill(3), { name: "AES-CBC" }, true, ["encrypt", "decrypt"]);
const cct = await s.encrypt({ name: "AES-CBC", iv: new Uint8Array(16) }, ck, enc.encode("0123456789abcdefXYZ"));
console.log(hex(cct), new TextDecoder().decode(await s.decrypt({ name: "AES-CBC", iv: new Uint8Array(16) }, ck, cct)));
const tk = await s.importKey("raw", new Uint8Array(16).fill(9), "AES-CTR", false, ["encrypt"]);
console.log(hex(await s.encrypt({ name: "AES-CTR", counter: new Uint8Array(16), length: 64 }, tk, enc.encode("ctr mode"))));
const pk = await s.importKey("raw", enc.encode("password"), "PBKDF2", false, ["deriveBits", "deriveKey"]);
console.log(hex(await s.deriveBits({ name: "PBKDF2", salt: enc.encode("salt"), iterations: 1000, hash: "SHA-256" }, pk, 256)));
const dk = await s.deriveKey({ name: "PBKDF2", salt: enc.encode("salt"), iterations: 1000, hash: "SHA-256" }, pk, { name: "AES-GCM", length: 256 }, true, ["encrypt"]);
console.log(JSON.stringify(dk.algorithm), hex(await s.exportKey("raw", dk)));
const gk = await s.generateKey({ name: "HMAC", hash: "SHA-512" }, true, ["sign"]);
console.log(JSON.stringify(gk.algorithm), (await s.exportKey("raw", gk)).byteLength);
const ga = await s.generateKey({ name: "AES-GCM", length: 128 }, false, ["encrypt"]);
try { await s.exportKey("raw", ga); } catch (e) { console.log(e.name); }
try { await s.sign("HMAC", ak, enc.encode("x")); } catch (e) { console.log(e.name); }
try { await s.digest("MD5", enc.encode("x")); } catch (e) { console.log(e.name); }
try { await s.encrypt({ name: "AES-GCM", iv }, tk, enc.encode("x")); } catch (e) { console.log(e.name); }
console.log(typeof CryptoKey, typeof SubtleCrypto, crypto.subtle === crypto.subtle);
console.log(crypto.subtle instanceof SubtleCrypto, hk instanceof CryptoKey, Object.prototype.toString.call(crypto.subtle));
try { new SubtleCrypto(); } catch (e) { console.log(e.name); }

// Bad input: each names what is wrong, as Node does.
const e = enc;
const bk = await s.importKey("raw", new Uint8Array(16), "AES-CBC", false, ["encrypt", "decrypt"]);
const bg = await s.importKey("raw", new Uint8Array(16), "AES-GCM", false, ["encrypt", "decrypt"]);
const tries = {
  noiv: () => s.encrypt({ name: "AES-CBC" }, bk, e.encode("x")),
  shortiv: () => s.encrypt({ name: "AES-CBC", iv: new Uint8Array(3) }, bk, e.encode("x")),
  badpad: () => s.decrypt({ name: "AES-CBC", iv: new Uint8Array(16) }, bk, new Uint8Array(16)),
  gcmiv0: () => s.encrypt({ name: "AES-GCM", iv: new Uint8Array(0) }, bg, e.encode("x")),
  gcmtag: () => s.encrypt({ name: "AES-GCM", iv: new Uint8Array(12), tagLength: 33 }, bg, e.encode("x")),
  nokey: () => s.sign("HMAC", undefined, e.encode("x")),
  badfmt: () => s.importKey("pkcs8", new Uint8Array(16), "AES-GCM", false, []),
  badlen: () => s.importKey("raw", new Uint8Array(5), "AES-GCM", false, []),
  noalg: () => s.digest({}, e.encode("x")),
  pbkdf0: async () => s.deriveBits({ name: "PBKDF2", salt: new Uint8Array(1), iterations: 0, hash: "SHA-256" }, await s.importKey("raw", new Uint8Array(1), "PBKDF2", false, ["deriveBits"]), 128),
  pbkdfodd: async () => s.deriveBits({ name: "PBKDF2", salt: new Uint8Array(1), iterations: 1, hash: "SHA-256" }, await s.importKey("raw", new Uint8Array(1), "PBKDF2", false, ["deriveBits"]), 7),
};
for (const [n, f] of Object.entries(tries)) {
  try { const r = await f(); console.log(n, "ok", r && r.byteLength); } catch (err) { console.log(n, err.name, err.message); }
}
