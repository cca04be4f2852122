// differential
// HKDF: crypto.hkdfSync/hkdf (RFC 5869 vector 1, limits, errors) and subtle HKDF deriveBits/deriveKey.
import crypto from "node:crypto";
const hex = (b) => Buffer.from(b).toString("hex");
// RFC 5869 test case 1
const ikm = Buffer.from("0b".repeat(22), "hex"), salt = Buffer.from("000102030405060708090a0b0c", "hex"), info = Buffer.from("f0f1f2f3f4f5f6f7f8f9", "hex");
console.log(hex(crypto.hkdfSync("sha256", ikm, salt, info, 42)));
console.log(hex(crypto.hkdfSync("sha512", "key", "", "", 100)));
try { crypto.hkdfSync("sha1", "k", "s", "i", 0); } catch (e) { console.log(e.name, e.code, e.message); }
await new Promise((done) => crypto.hkdf("sha1", "k", "s", "i", 0, (e, r) => { console.log("cb0", e && e.message, r); done(); }));
await new Promise((done) => crypto.hkdf("sha384", "a", "b", "c", 20, (e, r) => { console.log("cb", e, hex(r)); done(); }));
for (const f of [() => crypto.hkdfSync("nope", "a", "b", "c", 10), () => crypto.hkdfSync("sha256", "a", "b", "c", 255 * 32 + 1), () => crypto.hkdfSync("sha256", "a", "b", "c", -1), () => crypto.hkdfSync("sha256", "a", "b", Buffer.alloc(1025), 1), () => crypto.hkdfSync("sha256", 1, "b", "c", 1)])
  try { f(); } catch (e) { console.log(e.name, e.code, e.message); }
const s = crypto.webcrypto.subtle;
const k = await s.importKey("raw", ikm, "HKDF", false, ["deriveBits", "deriveKey"]);
console.log(hex(await s.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, k, 336)));
const dk = await s.deriveKey({ name: "HKDF", hash: "SHA-512", salt: new Uint8Array(0), info: new Uint8Array(0) }, k, { name: "HMAC", hash: "SHA-256", length: 256 }, true, ["sign"]);
console.log(hex(await s.exportKey("raw", dk)));
try { await s.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, k, 255 * 256 + 8); } catch (e) { console.log(e.name); }
