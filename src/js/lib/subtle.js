// subtle.js - crypto.subtle (Web Crypto) over host.crypto (OpenSSL):
// digest; HMAC sign/verify; AES-GCM, AES-CBC and AES-CTR encrypt/decrypt;
// PBKDF2 and HKDF deriveBits/deriveKey; importKey/exportKey ("raw", "jwk" for
// secret keys) and generateKey for HMAC and AES. Asymmetric algorithms
// (ECDSA, Ed25519, RSA) reject with NotSupportedError for now.

const c = host.crypto;
const { DOMException } = require("dom_exception");

const HASHES = { "SHA-1": "sha1", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512" };
const HASH_BYTES = { "SHA-1": 20, "SHA-256": 32, "SHA-384": 48, "SHA-512": 64 };
const HASH_BLOCK = { "SHA-1": 64, "SHA-256": 64, "SHA-384": 128, "SHA-512": 128 };

const notSupported = (what) => new DOMException(`Unrecognized algorithm name: ${what}`, "NotSupportedError");
const invalidAccess = (msg) => new DOMException(msg, "InvalidAccessError");
const operationError = (msg) => new DOMException(msg, "OperationError");

function bytesOf(data) {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const err = new TypeError("Failed to execute: the data is not an ArrayBuffer or ArrayBufferView");
  err.code = "ERR_INVALID_ARG_TYPE";
  throw err;
}

const toBuffer = (u8) => u8.buffer.byteLength === u8.byteLength && u8.byteOffset === 0 ? u8.buffer : u8.slice().buffer;

function normalize(alg) {
  const a = typeof alg === "string" ? { name: alg } : { ...alg };
  if (typeof a.name !== "string") throw new TypeError("Failed to normalize algorithm: passed algorithm can not be converted to 'Algorithm' because 'name' is required in 'Algorithm'.");
  const upper = a.name.toUpperCase();
  for (const n of ["SHA-1", "SHA-256", "SHA-384", "SHA-512", "HMAC", "AES-GCM", "AES-CBC", "AES-CTR", "AES-KW", "PBKDF2", "HKDF", "ECDSA", "ECDH", "Ed25519", "X25519", "RSA-OAEP", "RSA-PSS", "RSASSA-PKCS1-v1_5"])
    if (n.toUpperCase() === upper) a.name = n;
  if (a.hash !== undefined) a.hash = normalize(a.hash);
  return a;
}

function digestOf(hashName, bytes) {
  const id = c.hashNew(HASHES[hashName]);
  c.hashUpdate(id, bytes);
  return c.hashDigest(id);
}

function hmacOnce(digest, key, ...parts) {
  const id = c.hmacNew(digest, key);
  if (!id) return null;
  for (const p of parts) c.hmacUpdate(id, p);
  return c.hmacDigest(id);
}

// HKDF (RFC 5869): extract then expand, over OpenSSL's HMAC. Returns null
// for a digest OpenSSL does not know; the caller checks keylen first.
function hkdf(digest, ikm, salt, info, keylen) {
  // An empty salt is HashLen zero bytes; HMAC pads short keys with zeros,
  // so the empty key gives the same PRK.
  const prk = hmacOnce(digest, salt, ikm);
  if (!prk) return null;
  const okm = new Uint8Array(keylen);
  let t = new Uint8Array(0);
  for (let off = 0, n = 1; off < keylen; n++) {
    t = hmacOnce(digest, prk, t, info, new Uint8Array([n]));
    okm.set(t.subarray(0, Math.min(t.length, keylen - off)), off);
    off += t.length;
  }
  return okm;
}

// Output size of a digest in bytes, or 0 when OpenSSL does not know it.
function digestSize(digest) {
  const m = hmacOnce(digest, new Uint8Array(1));
  return m ? m.length : 0;
}

const kKey = Symbol("key material");

class CryptoKey {
  constructor() { throw new TypeError("Illegal constructor"); }
  get [Symbol.toStringTag]() { return "CryptoKey"; }
}

function makeKey(type, extractable, algorithm, usages, material) {
  const k = Object.create(CryptoKey.prototype);
  Object.defineProperties(k, {
    type: { value: type, enumerable: true },
    extractable: { value: !!extractable, enumerable: true },
    algorithm: { value: Object.freeze(algorithm), enumerable: true },
    usages: { value: Object.freeze([...usages]), enumerable: true },
  });
  k[kKey] = material;
  return k;
}

function checkUsage(key, usage, op, pos) {
  if (!(key instanceof CryptoKey) || !key[kKey]) throw new TypeError(`Failed to execute '${op}' on 'SubtleCrypto': ${pos} argument is not of type CryptoKey.`);
  if (!key.usages.includes(usage)) throw invalidAccess(`The requested operation is not valid for the provided key`);
}

function aesName(alg, bits) {
  const mode = alg.name.slice(4).toLowerCase();
  return `aes-${bits}-${mode}`;
}

function b64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromB64url(s) {
  const t = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const u = new Uint8Array(t.length);
  for (let i = 0; i < t.length; i++) u[i] = t.charCodeAt(i);
  return u;
}

const methods = {
  async digest(algorithm, data) {
    const a = normalize(algorithm);
    if (!HASHES[a.name]) throw notSupported(a.name);
    return toBuffer(digestOf(a.name, bytesOf(data)));
  },

  async generateKey(algorithm, extractable, usages) {
    const a = normalize(algorithm);
    if (a.name === "HMAC") {
      if (!HASHES[a.hash && a.hash.name]) throw notSupported("HMAC without a supported hash");
      const length = a.length || HASH_BLOCK[a.hash.name] * 8;
      const bytes = new Uint8Array(length / 8);
      host.randomFill(bytes);
      return makeKey("secret", extractable, { name: "HMAC", length, hash: { name: a.hash.name } }, usages, bytes);
    }
    if (a.name.startsWith("AES-")) {
      if (![128, 192, 256].includes(a.length)) throw operationError("AES key length must be 128, 192 or 256 bits");
      const bytes = new Uint8Array(a.length / 8);
      host.randomFill(bytes);
      return makeKey("secret", extractable, { name: a.name, length: a.length }, usages, bytes);
    }
    throw notSupported(a.name);
  },

  async importKey(format, keyData, algorithm, extractable, usages) {
    const a = normalize(algorithm);
    let bytes;
    if (format === "raw") bytes = bytesOf(keyData).slice();
    else if (format === "jwk" && keyData && keyData.kty === "oct") bytes = fromB64url(keyData.k);
    else throw new DOMException(`Unable to import ${a.name} using ${format} format`, "NotSupportedError");
    if (a.name === "HMAC") {
      if (!HASHES[a.hash && a.hash.name]) throw notSupported("HMAC without a supported hash");
      return makeKey("secret", extractable, { name: "HMAC", hash: { name: a.hash.name }, length: bytes.length * 8 }, usages, bytes);
    }
    if (a.name.startsWith("AES-")) {
      if (![16, 24, 32].includes(bytes.length)) throw new DOMException("Invalid key length", "DataError");
      return makeKey("secret", extractable, { name: a.name, length: bytes.length * 8 }, usages, bytes);
    }
    if (a.name === "PBKDF2" || a.name === "HKDF") return makeKey("secret", false, { name: a.name }, usages, bytes);
    throw notSupported(a.name);
  },

  async exportKey(format, key) {
    // Node 22 names this one "InvalidAccessException"; we match it.
    if (!key.extractable) throw new DOMException("key is not extractable", "InvalidAccessException");
    const bytes = key[kKey];
    if (format === "raw") return toBuffer(bytes.slice());
    if (format === "jwk") {
      const alg = key.algorithm.name === "HMAC" ? "HS" + key.algorithm.hash.name.slice(4)
        : `A${key.algorithm.length}${key.algorithm.name.slice(4)}`;
      return { key_ops: [...key.usages], ext: true, alg, kty: "oct", k: b64url(bytes) };
    }
    throw new DOMException(`Unsupported export format: ${format}`, "NotSupportedError");
  },

  async sign(algorithm, key, data) {
    const a = normalize(algorithm);
    if (a.name !== "HMAC") throw notSupported(a.name);
    checkUsage(key, "sign", "sign", "2nd");
    const id = c.hmacNew(HASHES[key.algorithm.hash.name], key[kKey]);
    c.hmacUpdate(id, bytesOf(data));
    return toBuffer(c.hmacDigest(id));
  },

  async verify(algorithm, key, signature, data) {
    const a = normalize(algorithm);
    if (a.name !== "HMAC") throw notSupported(a.name);
    checkUsage(key, "verify", "verify", "2nd");
    const id = c.hmacNew(HASHES[key.algorithm.hash.name], key[kKey]);
    c.hmacUpdate(id, bytesOf(data));
    const mac = c.hmacDigest(id);
    const sig = bytesOf(signature);
    return sig.length === mac.length && c.timingSafeEqual(sig, mac);
  },

  async encrypt(algorithm, key, data) { return aes(algorithm, key, data, true); },
  async decrypt(algorithm, key, data) { return aes(algorithm, key, data, false); },

  async deriveBits(algorithm, baseKey, length) {
    const a = normalize(algorithm);
    if (a.name !== "PBKDF2" && a.name !== "HKDF") throw notSupported(a.name);
    checkUsage(baseKey, "deriveBits", "deriveBits", "2nd");
    if (a.name === "HKDF") {
      if (!HASHES[a.hash && a.hash.name]) throw notSupported(a.hash ? a.hash.name : "HKDF without a hash");
      if (length === null || length === undefined || length % 8 !== 0) throw operationError("length must be a multiple of 8");
      if (length / 8 > 255 * HASH_BYTES[a.hash.name]) throw operationError("The operation failed for an operation-specific reason");
      return toBuffer(hkdf(HASHES[a.hash.name], baseKey[kKey], bytesOf(a.salt), bytesOf(a.info), length / 8));
    }
    if (!HASHES[a.hash && a.hash.name]) throw notSupported(a.hash ? a.hash.name : "PBKDF2 without a hash");
    if (a.iterations === 0) throw operationError("iterations cannot be zero");
    if (length === null || length === undefined || length % 8 !== 0) throw operationError("length must be a multiple of 8");
    const r = c.pbkdf2(baseKey[kKey], bytesOf(a.salt), a.iterations, length / 8, HASHES[a.hash.name]);
    if (r === 0) throw notSupported(a.hash.name);
    return toBuffer(r);
  },

  async deriveKey(algorithm, baseKey, derivedKeyType, extractable, usages) {
    const d = normalize(derivedKeyType);
    const length = d.length || (d.name === "HMAC" ? HASH_BLOCK[d.hash.name] * 8 : 256);
    if (!baseKey.usages.includes("deriveKey")) throw invalidAccess("The requested operation is not valid for the provided key");
    const bits = await methods.deriveBits(algorithm, makeKey("secret", false, baseKey.algorithm, ["deriveBits"], baseKey[kKey]), length);
    return methods.importKey("raw", bits, d, extractable, usages);
  },
};

function aes(algorithm, key, data, encrypt) {
  const a = normalize(algorithm);
  if (!a.name.startsWith("AES-") || a.name === "AES-KW") throw notSupported(a.name);
  checkUsage(key, encrypt ? "encrypt" : "decrypt", encrypt ? "encrypt" : "decrypt", "2nd");
  if (key.algorithm.name !== a.name) throw invalidAccess("The requested operation is not valid for the provided key");
  const name = aesName(a, key.algorithm.length);
  const ivName = a.name === "AES-CTR" ? "counter" : "iv";
  const params = { "AES-CTR": "AesCtrParams", "AES-CBC": "AesCbcParams", "AES-GCM": "AesGcmParams" }[a.name];
  if (a[ivName] === undefined) throw new TypeError(`Failed to normalize algorithm: passed algorithm can not be converted to '${params}' because '${ivName}' is required in '${params}'.`);
  const iv = bytesOf(a[ivName]);
  if (a.name === "AES-CBC" && iv.length !== 16) throw operationError("algorithm.iv must contain exactly 16 bytes");
  if (a.name === "AES-CTR") {
    if (iv.length !== 16) throw operationError("algorithm.counter must contain exactly 16 bytes");
    if (!(a.length > 0 && a.length <= 128)) throw operationError("AES-CTR algorithm.length must be between 1 and 128");
  }
  if (a.name === "AES-GCM" && iv.length === 0) throw operationError("The operation failed for an operation-specific reason");
  let input = bytesOf(data);
  const tagBits = a.tagLength === undefined ? 128 : a.tagLength;
  if (a.name === "AES-GCM" && ![32, 64, 96, 104, 112, 120, 128].includes(tagBits)) throw operationError(`${tagBits} is not a valid AES-GCM tag length`);
  const tagLength = tagBits / 8;
  let tag;
  if (a.name === "AES-GCM" && !encrypt) {
    if (input.length < tagLength) throw operationError("The provided data is too small.");
    tag = input.subarray(input.length - tagLength);
    input = input.subarray(0, input.length - tagLength);
  }
  const id = c.cipherNew(name, key[kKey], iv, encrypt, tagLength);
  if (!id) throw notSupported(a.name);
  if (a.additionalData !== undefined) c.cipherAAD(id, bytesOf(a.additionalData));
  if (tag) c.cipherSetTag(id, tag);
  const body = c.cipherUpdate(id, input);
  let fin;
  try {
    fin = c.cipherFinal(id, encrypt && a.name === "AES-GCM" ? tagLength : 0);
  } catch {
    throw operationError("The operation failed for an operation-specific reason");
  }
  const parts = [body, fin.data];
  if (fin.tag) parts.push(fin.tag);
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let off = 0;
  for (const p of parts) { out.set(p, off); off += p.length; }
  return out.buffer;
}

const kConstruct = Symbol("construct");
class SubtleCrypto {
  constructor(token = undefined) { if (token !== kConstruct) throw new TypeError("Illegal constructor"); }
  get [Symbol.toStringTag]() { return "SubtleCrypto"; }
}
for (const [name, fn] of Object.entries(methods))
  Object.defineProperty(SubtleCrypto.prototype, name, { value: fn, writable: true, configurable: true });

exports.subtle = new SubtleCrypto(kConstruct);
exports.SubtleCrypto = SubtleCrypto;
exports.CryptoKey = CryptoKey;
exports.hkdf = hkdf;
exports.digestSize = digestSize;
