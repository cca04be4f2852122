// differential
// node:crypto: hashes, HMAC, pbkdf2, scrypt, AES-CBC and AES-GCM, random sizes.
import crypto from "node:crypto";
console.log(crypto.createHash("sha256").update("hello").digest("hex"));
console.log(crypto.createHash("md5").update("a").update("b").digest("base64"));
console.log(crypto.createHmac("sha256", "key").update("data").digest("hex"));
console.log(crypto.pbkdf2Sync("pw", "salt", 1000, 16, "sha512").toString("hex"));
console.log(crypto.scryptSync("pw", "salt", 16).toString("hex"));
const key = crypto.scryptSync("k", "s", 32), iv = Buffer.alloc(16, 1);
const enc = crypto.createCipheriv("aes-256-cbc", key, iv);
const ct = Buffer.concat([enc.update("secret message"), enc.final()]);
const dec = crypto.createDecipheriv("aes-256-cbc", key, iv);
console.log(ct.toString("hex"), dec.update(ct, undefined, "utf8") + dec.final("utf8"));
const g = crypto.createCipheriv("aes-256-gcm", key, Buffer.alloc(12, 2));
g.setAAD(Buffer.from("aad"));
const gct = Buffer.concat([g.update("gcm text"), g.final()]); const tag = g.getAuthTag();
const gd = crypto.createDecipheriv("aes-256-gcm", key, Buffer.alloc(12, 2)); gd.setAAD(Buffer.from("aad")); gd.setAuthTag(tag);
console.log(gct.toString("hex"), tag.toString("hex"), gd.update(gct, undefined, "utf8") + gd.final("utf8"));
try { crypto.createHash("nope"); } catch (e) { console.log(e.message); }
console.log(crypto.timingSafeEqual(Buffer.from("ab"), Buffer.from("ab")), crypto.randomBytes(8).length, typeof crypto.randomUUID());
console.log(crypto.hash("sha1", "abc"), crypto.createHash("shake256", { outputLength: 8 }).update("x").digest("hex"));
