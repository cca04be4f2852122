// node_crypto.js - `crypto`: hashes, HMAC, random values, pbkdf2, scrypt and
// ciphers over OpenSSL (host.crypto, which opens libcrypto on first use).
// Hash, Hmac and the ciphers are plain objects here, not streams.

const c = host.crypto;
const tasks = require("tasks");
const webc = require("web_crypto");

function B() { return require("node_buffer").Buffer; }

function coded(Ctor, code, message) {
  const err = new Ctor(message);
  err.code = code;
  return err;
}

function argType(name, expected, value) {
  return coded(TypeError, "ERR_INVALID_ARG_TYPE", `The "${name}" argument must be ${expected}. Received ${tasks.describe(value)}`);
}

// Data in any of the forms Node accepts, as bytes.
function toBytes(data, encoding, name = "data") {
  if (typeof data === "string") return B().from(data, encoding || "utf8");
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  throw argType(name, "of type string or an instance of Buffer, TypedArray, or DataView", data);
}

function out(bytes, encoding) {
  const buf = B().from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return encoding && encoding !== "buffer" ? buf.toString(encoding) : buf;
}

class Hash {
  constructor(algorithm, options) {
    if (typeof algorithm !== "string") throw argType("algorithm", "of type string", algorithm);
    this._id = c.hashNew(algorithm);
    if (!this._id) throw coded(Error, "ERR_OSSL_EVP_UNSUPPORTED", "Digest method not supported");
    this._outputLength = options && options.outputLength;
    this._algorithm = algorithm;
  }
  update(data, inputEncoding) {
    if (!this._id) throw coded(Error, "ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
    c.hashUpdate(this._id, toBytes(data, inputEncoding));
    return this;
  }
  digest(encoding) {
    if (!this._id) throw coded(Error, "ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
    const bytes = c.hashDigest(this._id, this._outputLength);
    this._id = 0;
    return out(bytes, encoding);
  }
  copy(options) {
    if (!this._id) throw coded(Error, "ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
    const h = Object.create(Hash.prototype);
    h._id = c.hashCopy(this._id);
    h._outputLength = (options && options.outputLength) || this._outputLength;
    h._algorithm = this._algorithm;
    return h;
  }
}

class Hmac {
  constructor(algorithm, key, options) {
    if (typeof algorithm !== "string") throw argType("hmac", "of type string", algorithm);
    const k = key && typeof key === "object" && key.type === "secret" && key._bytes ? key._bytes : toBytes(key, options && options.encoding, "key");
    this._id = c.hmacNew(algorithm, k);
    if (!this._id) throw coded(TypeError, "ERR_CRYPTO_INVALID_DIGEST", `Invalid digest: ${algorithm}`);
  }
  update(data, inputEncoding) {
    if (!this._id) throw coded(Error, "ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
    c.hmacUpdate(this._id, toBytes(data, inputEncoding));
    return this;
  }
  digest(encoding) {
    if (!this._id) return out(new Uint8Array(0), encoding);
    const bytes = c.hmacDigest(this._id);
    this._id = 0;
    return out(bytes, encoding);
  }
}

function createHash(algorithm, options) { return new Hash(algorithm, options); }
function createHmac(algorithm, key, options) { return new Hmac(algorithm, key, options); }
function hash(algorithm, data, outputEncoding = "hex") {
  return new Hash(algorithm).update(data).digest(outputEncoding);
}

// ---------------------------------------------------------------- random

function randomBytes(size, cb) {
  if (typeof size !== "number") throw argType("size", "of type number", size);
  if (!(size >= 0 && size <= 2 ** 31 - 1))
    throw coded(RangeError, "ERR_OUT_OF_RANGE", `The value of "size" is out of range. It must be >= 0 && <= 2147483647. Received ${size}`);
  const buf = B().alloc(size);
  if (size) host.randomFill(buf);
  if (typeof cb === "function") {
    tasks.nextTick(() => cb(null, buf));
    return undefined;
  }
  return buf;
}

function randomFillSync(buf, offset = 0, size) {
  if (!ArrayBuffer.isView(buf) && !(buf instanceof ArrayBuffer)) throw argType("buf", "an instance of ArrayBuffer or ArrayBufferView", buf);
  const view = buf instanceof ArrayBuffer ? new Uint8Array(buf) : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  const end = size === undefined ? view.length : offset + size;
  if (end > offset) host.randomFill(view.subarray(offset, end));
  return buf;
}

function randomFill(buf, offset, size, cb) {
  if (typeof offset === "function") cb = offset, offset = 0, size = undefined;
  else if (typeof size === "function") cb = size, size = undefined;
  randomFillSync(buf, offset, size);
  tasks.nextTick(() => cb(null, buf));
}

function randomInt(min, max, cb) {
  if (max === undefined || typeof max === "function") {
    cb = max;
    max = min;
    min = 0;
  }
  if (!Number.isSafeInteger(min)) throw argType("min", "a safe integer", min);
  if (!Number.isSafeInteger(max)) throw argType("max", "a safe integer", max);
  if (max <= min)
    throw coded(RangeError, "ERR_OUT_OF_RANGE", `The value of "max" is out of range. It must be greater than the value of "min" (${min}). Received ${max}`);
  const range = max - min;
  // rejection sampling over 48 bits keeps the result uniform
  const limit = 2 ** 48 - (2 ** 48 % range);
  const b = new Uint8Array(6);
  let x;
  do {
    host.randomFill(b);
    x = b[0] * 2 ** 40 + b[1] * 2 ** 32 + b[2] * 2 ** 24 + b[3] * 2 ** 16 + b[4] * 2 ** 8 + b[5];
  } while (x >= limit);
  const n = min + (x % range);
  if (typeof cb === "function") {
    tasks.nextTick(() => cb(null, n));
    return undefined;
  }
  return n;
}

// ------------------------------------------------------ key derivation

// Node checks the arguments at once and reports a failed derivation (which
// OpenSSL gives for length 0) from the job: thrown or to the callback.
function hkdfSync(digest, ikm, salt, info, keylen) {
  const job = hkdfJob(digest, ikm, salt, info, keylen);
  const r = job();
  if (r instanceof Error) throw r;
  return r;
}

function hkdfJob(digest, ikm, salt, info, keylen) {
  if (typeof digest !== "string") throw argType("digest", "of type string", digest);
  const k = ikm && typeof ikm === "object" && ikm.type === "secret" && ikm._bytes ? ikm._bytes
    : typeof ikm === "string" || ArrayBuffer.isView(ikm) || ikm instanceof ArrayBuffer ? toBytes(ikm)
    : (() => { throw argType("ikm", "of type string or an instance of SecretKeyObject, ArrayBuffer, TypedArray, DataView, or Buffer", ikm); })();
  const s = toBytes(salt, undefined, "salt"), i = toBytes(info, undefined, "info");
  if (typeof keylen !== "number") throw argType("length", "of type number", keylen);
  if (!Number.isInteger(keylen) || keylen < 0 || keylen > Number.MAX_SAFE_INTEGER)
    throw coded(RangeError, "ERR_OUT_OF_RANGE", `The value of "length" is out of range. It must be >= 0 && <= 9007199254740991. Received ${keylen}`);
  // Node's own wording, doubled "must be" included.
  if (i.byteLength > 1024)
    throw coded(RangeError, "ERR_OUT_OF_RANGE", `The value of "info" is out of range. It must be must not contain more than 1024 bytes. Received ${i.byteLength}`);
  const sub = require("subtle");
  const size = sub.digestSize(digest);
  if (!size) throw coded(TypeError, "ERR_CRYPTO_INVALID_DIGEST", `Invalid digest: ${digest}`);
  if (keylen > 255 * size) throw coded(RangeError, "ERR_CRYPTO_INVALID_KEYLEN", "Invalid key length");
  return () => {
    if (keylen === 0) return new Error("Deriving bits failed");
    const r = sub.hkdf(digest, k, s, i, keylen);
    return r.buffer.byteLength === r.byteLength ? r.buffer : r.slice().buffer;
  };
}

function hkdf(digest, ikm, salt, info, keylen, cb) {
  const job = hkdfJob(digest, ikm, salt, info, keylen);
  if (typeof cb !== "function") throw argType("callback", "of type function", cb);
  require("timers").setImmediate(() => {
    const r = job();
    if (r instanceof Error) cb(r);
    else cb(null, r);
  });
}

function pbkdf2Sync(password, salt, iterations, keylen, digest) {
  const pw = toBytes(password, undefined, "password"), s = toBytes(salt, undefined, "salt");
  if (typeof digest !== "string") throw argType("digest", "of type string", digest);
  const { validateInt32 } = require("web_errors");
  validateInt32(iterations, "iterations", 1);
  validateInt32(keylen, "keylen", 0);
  const r = c.pbkdf2(pw, s, iterations, keylen, digest);
  if (r === 0) throw coded(TypeError, "ERR_CRYPTO_INVALID_DIGEST", `Invalid digest: ${digest}`);
  return out(r);
}

function pbkdf2(password, salt, iterations, keylen, digest, cb) {
  let r, e;
  try { r = pbkdf2Sync(password, salt, iterations, keylen, digest); } catch (err) { e = err; }
  if (e && !(typeof cb === "function")) throw e;
  require("timers").setImmediate(() => (e ? cb(e) : cb(null, r)));
}

function scryptSync(password, salt, keylen, options = {}) {
  require("web_errors").validateInt32(keylen, "keylen", 0);
  const N = options.N ?? options.cost ?? 16384, r = options.r ?? options.blockSize ?? 8;
  const p = options.p ?? options.parallelization ?? 1, maxmem = options.maxmem ?? 32 * 1024 * 1024;
  return out(c.scrypt(toBytes(password, undefined, "password"), toBytes(salt, undefined, "salt"), keylen, N, r, p, maxmem));
}

function scrypt(password, salt, keylen, options, cb) {
  if (typeof options === "function") cb = options, options = {};
  let r, e;
  try { r = scryptSync(password, salt, keylen, options); } catch (err) { e = err; }
  require("timers").setImmediate(() => (e ? cb(e) : cb(null, r)));
}

function timingSafeEqual(a, b) {
  const x = toBytes(a, undefined, "buf1"), y = toBytes(b, undefined, "buf2");
  if (x.byteLength !== y.byteLength)
    throw coded(RangeError, "ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH", "Input buffers must have the same byte length");
  return c.timingSafeEqual(x, y);
}

// --------------------------------------------------------------- ciphers

const AEAD = /-(gcm|ccm|ocb)$|^chacha20-poly1305$/i;

class Cipheriv {
  constructor(algorithm, key, iv, options, encrypt) {
    const info = c.cipherInfo(String(algorithm));
    if (!info) throw coded(Error, "ERR_CRYPTO_UNKNOWN_CIPHER", "Unknown cipher");
    const k = key && key._bytes ? key._bytes : toBytes(key, undefined, "key");
    const v = iv === null ? new Uint8Array(0) : toBytes(iv, undefined, "iv");
    if (k.byteLength !== info.keyLength) throw coded(RangeError, "ERR_CRYPTO_INVALID_KEYLEN", "Invalid key length");
    this._aead = AEAD.test(algorithm);
    if (!this._aead && info.ivLength !== v.byteLength && !(info.ivLength === 0 && v.byteLength === 0))
      throw coded(TypeError, "ERR_CRYPTO_INVALID_IV", "Invalid initialization vector");
    const t = options ? options.authTagLength : undefined;
    if (t !== undefined) {
      if (!(Number.isInteger(t) && t >= 0 && t <= 4294967295))
        throw coded(TypeError, "ERR_INVALID_ARG_VALUE", `The property 'options.authTagLength' is invalid. Received ${tasks.describe(t).replace(/^type \w+ \((.*)\)$/, "$1")}`);
      const gcm = /-gcm$/i.test(algorithm);
      if (this._aead && (gcm ? !(t === 4 || t === 8 || (t >= 12 && t <= 16)) : (t < 1 || t > 16)))
        throw coded(TypeError, "ERR_CRYPTO_INVALID_AUTH_TAG", `Invalid authentication tag length: ${t}`);
    }
    this._tagLength = t || 16;
    this._encrypt = encrypt;
    this._id = c.cipherNew(String(algorithm), k, v, encrypt, this._tagLength);
    this._tag = undefined;
    this._decoder = null;
  }
  update(data, inputEncoding, outputEncoding) {
    if (!this._id) throw coded(Error, "ERR_CRYPTO_INVALID_STATE", "Unsupported state");
    const bytes = c.cipherUpdate(this._id, toBytes(data, inputEncoding));
    return this._out(bytes, outputEncoding);
  }
  _out(bytes, encoding) {
    if (!encoding || encoding === "buffer") return out(bytes);
    if (encoding === "utf8" || encoding === "utf-8") {
      if (!this._decoder) this._decoder = new (require("encoding").TextDecoder)();
      return this._decoder.decode(bytes, { stream: true });
    }
    return out(bytes, encoding);
  }
  final(outputEncoding) {
    if (!this._id) throw coded(Error, "ERR_CRYPTO_INVALID_STATE", "Unsupported state");
    const r = c.cipherFinal(this._id, this._encrypt && this._aead ? this._tagLength : 0);
    this._id = 0;
    if (r.tag) this._tag = out(r.tag);
    const s = this._out(r.data, outputEncoding);
    if (this._decoder) return s + this._decoder.decode();
    return s;
  }
  setAAD(buf) {
    c.cipherAAD(this._id, toBytes(buf, undefined, "buffer"));
    return this;
  }
  getAuthTag() {
    if (!this._encrypt || this._tag === undefined)
      throw coded(Error, "ERR_CRYPTO_INVALID_STATE", "Invalid state for operation getAuthTag");
    return this._tag;
  }
  setAuthTag(tag) {
    if (this._encrypt) throw coded(Error, "ERR_CRYPTO_INVALID_STATE", "Invalid state for operation setAuthTag");
    c.cipherSetTag(this._id, toBytes(tag, undefined, "buffer"));
    return this;
  }
  setAutoPadding(on = true) {
    c.cipherSetPadding(this._id, on);
    return this;
  }
}

function createCipheriv(algorithm, key, iv, options) { return new Cipheriv(algorithm, key, iv, options, true); }
function createDecipheriv(algorithm, key, iv, options) { return new Cipheriv(algorithm, key, iv, options, false); }

const HASHES = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512-224", "sha512-256", "sha3-224",
  "sha3-256", "sha3-384", "sha3-512", "shake128", "shake256", "ripemd160", "blake2b512", "blake2s256", "sm3"];
const CIPHERS = ["aes-128-cbc", "aes-192-cbc", "aes-256-cbc", "aes-128-ctr", "aes-192-ctr", "aes-256-ctr",
  "aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "aes-128-ecb", "aes-256-ecb", "aes-128-cfb", "aes-256-cfb",
  "aes-128-ofb", "aes-256-ofb", "chacha20", "chacha20-poly1305", "aes-128-ccm", "aes-256-ccm"];

function createSecretKey(key, encoding) {
  const bytes = toBytes(key, encoding, "key");
  return {
    type: "secret",
    symmetricKeySize: bytes.byteLength,
    _bytes: bytes,
    export() { return out(bytes); },
    equals(other) { return other && other._bytes && timingSafeEqual(bytes, other._bytes); },
  };
}

function unsupported(name) {
  return function () {
    throw coded(Error, "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", `crypto.${name}() is not available in the sandbox yet`);
  };
}

Object.assign(exports, {
  createHash, createHmac, hash, Hash, Hmac,
  randomBytes, pseudoRandomBytes: randomBytes, randomFillSync, randomFill, randomInt,
  randomUUID: () => webc.crypto.randomUUID(),
  getRandomValues: (a) => webc.crypto.getRandomValues(a),
  pbkdf2, pbkdf2Sync, scrypt, scryptSync, timingSafeEqual,
  createCipheriv, createDecipheriv, Cipheriv, Decipheriv: Cipheriv,
  getHashes: () => HASHES.slice(), getCiphers: () => CIPHERS.slice(), getCurves: () => [],
  createSecretKey,
  constants: {},
  generateKeyPair: unsupported("generateKeyPair"), generateKeyPairSync: unsupported("generateKeyPairSync"),
  createSign: unsupported("createSign"), createVerify: unsupported("createVerify"),
  sign: unsupported("sign"), verify: unsupported("verify"), createPublicKey: unsupported("createPublicKey"),
  createPrivateKey: unsupported("createPrivateKey"), createECDH: unsupported("createECDH"),
  createDiffieHellman: unsupported("createDiffieHellman"), hkdfSync,
  hkdf, publicEncrypt: unsupported("publicEncrypt"), privateDecrypt: unsupported("privateDecrypt"),
});
Object.defineProperty(exports, "webcrypto", { get: () => webc.crypto, enumerable: true });
Object.defineProperty(exports, "subtle", { get: () => webc.crypto.subtle, enumerable: true });
