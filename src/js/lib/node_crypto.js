// node_crypto.js - `crypto`: hashes, HMAC, random values, pbkdf2, scrypt,
// ciphers and asymmetric keys (KeyObject, key pairs, sign/verify, RSA
// encryption, ECDH/X25519 agreement) over OpenSSL (host.crypto, which opens
// libcrypto on first use). Hash, Hmac, the ciphers, Sign and Verify are
// plain objects here, not streams.

const c = host.crypto;
const tasks = require("tasks");
const webc = require("web_crypto");
const K = require("crypto_keys");

// The bytes of a secret KeyObject, or undefined.
const secretBytes = (k) => k instanceof K.SecretKeyObject ? k[K.kHandle] : undefined;

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
    const k = secretBytes(key) || toBytes(key, options && options.encoding, "key");
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
  const k = secretBytes(ikm) ? secretBytes(ikm)
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
    const k = secretBytes(key) || toBytes(key, undefined, "key");
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

// The curves Node 22's OpenSSL names (getCurves()).
const CURVES = [
  "Oakley-EC2N-3", "Oakley-EC2N-4", "SM2", "brainpoolP160r1", "brainpoolP160t1", "brainpoolP192r1",
  "brainpoolP192t1", "brainpoolP224r1", "brainpoolP224t1", "brainpoolP256r1", "brainpoolP256t1", "brainpoolP320r1",
  "brainpoolP320t1", "brainpoolP384r1", "brainpoolP384t1", "brainpoolP512r1", "brainpoolP512t1", "c2pnb163v1",
  "c2pnb163v2", "c2pnb163v3", "c2pnb176v1", "c2pnb208w1", "c2pnb272w1", "c2pnb304w1", "c2pnb368w1", "c2tnb191v1",
  "c2tnb191v2", "c2tnb191v3", "c2tnb239v1", "c2tnb239v2", "c2tnb239v3", "c2tnb359v1", "c2tnb431r1", "prime192v1",
  "prime192v2", "prime192v3", "prime239v1", "prime239v2", "prime239v3", "prime256v1", "secp112r1", "secp112r2",
  "secp128r1", "secp128r2", "secp160k1", "secp160r1", "secp160r2", "secp192k1", "secp224k1", "secp224r1",
  "secp256k1", "secp384r1", "secp521r1", "sect113r1", "sect113r2", "sect131r1", "sect131r2", "sect163k1",
  "sect163r1", "sect163r2", "sect193r1", "sect193r2", "sect233k1", "sect233r1", "sect239k1", "sect283k1",
  "sect283r1", "sect409k1", "sect409r1", "sect571k1", "sect571r1", "wap-wsg-idm-ecid-wtls1",
  "wap-wsg-idm-ecid-wtls10", "wap-wsg-idm-ecid-wtls11", "wap-wsg-idm-ecid-wtls12", "wap-wsg-idm-ecid-wtls3",
  "wap-wsg-idm-ecid-wtls4", "wap-wsg-idm-ecid-wtls5", "wap-wsg-idm-ecid-wtls6", "wap-wsg-idm-ecid-wtls7",
  "wap-wsg-idm-ecid-wtls8", "wap-wsg-idm-ecid-wtls9"
];
const HASHES = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512-224", "sha512-256", "sha3-224",
  "sha3-256", "sha3-384", "sha3-512", "shake128", "shake256", "ripemd160", "blake2b512", "blake2s256", "sm3"];
const CIPHERS = ["aes-128-cbc", "aes-192-cbc", "aes-256-cbc", "aes-128-ctr", "aes-192-ctr", "aes-256-ctr",
  "aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "aes-128-ecb", "aes-256-ecb", "aes-128-cfb", "aes-256-cfb",
  "aes-128-ofb", "aes-256-ofb", "chacha20", "chacha20-poly1305", "aes-128-ccm", "aes-256-ccm"];

// ------------------------------------------------------------ KeyObject

function createSecretKey(key, encoding) {
  if (typeof key === "string") return new K.SecretKeyObject(new Uint8Array(B().from(key, encoding || "utf8")));
  if (!K.isBytes(key)) throw argType("key", "an instance of ArrayBuffer, Buffer, TypedArray, or DataView", key);
  return new K.SecretKeyObject(K.bytesOf(key).slice());
}

function createPrivateKey(key) {
  return new K.PrivateKeyObject(K.prepareKey(key, "createPrivate").native);
}

function createPublicKey(key) {
  return new K.PublicKeyObject(K.publicOf(K.prepareKey(key, "createPublic").native));
}

// ---------------------------------------------------------- key pairs

const KEY_TYPES = ["rsa", "rsa-pss", "dsa", "ec", "ed25519", "ed448", "x25519", "x448", "dh"];

function validateUint32Prop(v, name) {
  if (typeof v !== "number") throw K.propType(name, "of type number", v);
  if (!Number.isInteger(v)) throw coded(RangeError, "ERR_OUT_OF_RANGE", `The value of "${name}" is out of range. It must be an integer. Received ${v}`);
  if (v < 0 || v > 4294967295) throw coded(RangeError, "ERR_OUT_OF_RANGE", `The value of "${name}" is out of range. It must be >= 0 && <= 4294967295. Received ${require("web_errors").inspectValue(v).replace(/\B(?=(\d{3})+(?!\d))/g, "_")}`);
  return v;
}

// Checks of generateKeyPair's arguments; returns a job making the pair.
function keyPairJob(type, options) {
  if (typeof type !== "string") throw argType("type", "of type string", type);
  if (!KEY_TYPES.includes(type))
    throw coded(TypeError, "ERR_INVALID_ARG_VALUE", `The argument 'type' must be a supported key type. Received ${require("web_errors").inspectValue(type)}`);
  const needsOptions = ["rsa", "rsa-pss", "dsa", "ec", "dh"].includes(type);
  if (options === undefined && !needsOptions) options = {};
  if (options === null || typeof options !== "object") throw argType("options", "of type object", options);
  let make;
  if (type === "rsa" || type === "rsa-pss") {
    const bits = validateUint32Prop(options.modulusLength, "options.modulusLength");
    const e = options.publicExponent === undefined ? 0x10001 : validateUint32Prop(options.publicExponent, "options.publicExponent");
    let hash, mgf1, salt;
    if (type === "rsa-pss") {
      hash = options.hashAlgorithm;
      mgf1 = options.mgf1HashAlgorithm;
      salt = options.saltLength;
      if (hash !== undefined && typeof hash !== "string") throw K.propType("options.hashAlgorithm", "of type string", hash);
      if (mgf1 !== undefined && typeof mgf1 !== "string") throw K.propType("options.mgf1HashAlgorithm", "of type string", mgf1);
      if (salt !== undefined) {
        if (typeof salt !== "number") throw K.propType("options.saltLength", "of type number", salt);
        if (!Number.isInteger(salt) || salt < 0 || salt > 2147483647)
          throw coded(RangeError, "ERR_OUT_OF_RANGE", `The value of "options.saltLength" is out of range. It must be >= 0 && <= 2147483647. Received ${salt}`);
      }
      if (hash !== undefined && !knownDigest(hash)) throw coded(TypeError, "ERR_CRYPTO_INVALID_DIGEST", `Invalid digest: ${hash}`);
      if (mgf1 !== undefined && !knownDigest(mgf1)) throw coded(TypeError, "ERR_CRYPTO_INVALID_DIGEST", `Invalid MGF1 digest: ${mgf1}`);
    }
    make = () => c.pkeyGenerate(type === "rsa" ? "RSA" : "RSA-PSS", bits, e, hash, mgf1, salt);
  } else if (type === "ec") {
    const curve = options.namedCurve;
    if (typeof curve !== "string") throw K.propType("options.namedCurve", "of type string", curve);
    const pe = options.paramEncoding;
    if (pe !== undefined && pe !== "named" && pe !== "explicit") throw K.invalidProp("options.paramEncoding", pe);
    if (pe === "explicit") throw coded(Error, "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "Explicit EC parameters are not available in the sandbox");
    // Node rejects an unknown curve at once, even for generateKeyPair; the
    // key is made here (EC generation is quick) to learn whether it is known.
    let native;
    try {
      native = c.pkeyGenerate("EC", curve);
    } catch {
      throw coded(TypeError, "ERR_CRYPTO_INVALID_CURVE", "Invalid EC curve name");
    }
    make = () => native;
  } else if (type === "dsa" || type === "dh") {
    throw coded(Error, "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", `crypto.generateKeyPair('${type}') is not available in the sandbox yet`);
  } else {
    make = () => c.pkeyGenerate(type.toUpperCase());
  }
  const encodings = {};
  for (const which of ["publicKeyEncoding", "privateKeyEncoding"]) {
    const enc = options[which];
    if (enc === undefined) continue;
    if (enc === null || typeof enc !== "object") throw K.invalidProp(`options.${which}`, enc);
    encodings[which] = K.checkEncoding(enc, which === "publicKeyEncoding", type, `options.${which}`);
  }
  return () => {
    let native;
    try {
      native = make();
    } catch (err) {
      // Node reports a failed generation by OpenSSL's message alone.
      throw err.library ? new Error(err.message) : err;
    }
    const pub = c.pkeyPublic(native);
    const output = (n, isPrivate, enc) => {
      if (!enc) return isPrivate ? new K.PrivateKeyObject(n) : new K.PublicKeyObject(n);
      if (enc.format === "jwk") return K.jwkOf(n, isPrivate);
      return K.encode(n, isPrivate, enc.format, enc.type, enc.cipher, enc.passphrase);
    };
    return { publicKey: output(pub, false, encodings.publicKeyEncoding), privateKey: output(native, true, encodings.privateKeyEncoding) };
  };
}

function generateKeyPairSync(type, options) {
  return keyPairJob(type, options)();
}

function generateKeyPair(type, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = undefined;
  }
  const job = keyPairJob(type, options);
  if (typeof callback !== "function") throw argType("callback", "of type function", callback);
  require("timers").setImmediate(() => {
    let pair;
    try {
      pair = job();
    } catch (err) {
      callback(err);
      return;
    }
    callback(null, pair.publicKey, pair.privateKey);
  });
}

// generateKey('hmac' | 'aes', { length }) -> SecretKeyObject
function secretKeyJob(type, options) {
  if (typeof type !== "string") throw argType("type", "of type string", type);
  if (options === null || typeof options !== "object") throw argType("options", "of type object", options);
  const length = options.length;
  if (type === "hmac") {
    if (typeof length !== "number") throw K.propType("options.length", "of type number", length);
    if (!Number.isInteger(length) || length < 8 || length > 2 ** 31 - 1)
      throw coded(RangeError, "ERR_OUT_OF_RANGE", `The value of "options.length" is out of range. It must be >= 8 && <= 2147483647. Received ${length}`);
  } else if (type === "aes") {
    if (length !== 128 && length !== 192 && length !== 256)
      throw coded(TypeError, "ERR_INVALID_ARG_VALUE", `The property 'options.length' must be one of: 128, 192, 256. Received ${require("web_errors").inspectValue(length)}`);
  } else {
    throw coded(TypeError, "ERR_INVALID_ARG_VALUE", `The argument 'type' must be a supported key type. Received ${require("web_errors").inspectValue(type)}`);
  }
  return () => {
    const bytes = new Uint8Array(Math.floor(length / 8));
    host.randomFill(bytes);
    return new K.SecretKeyObject(bytes);
  };
}

function generateKeySync(type, options) { return secretKeyJob(type, options)(); }
function generateKey(type, options, callback) {
  const job = secretKeyJob(type, options);
  if (typeof callback !== "function") throw argType("callback", "of type function", callback);
  require("timers").setImmediate(() => callback(null, job()));
}

// ------------------------------------------------------ sign and verify

// crypto.constants as Node 22 has them (its OpenSSL is 3.5).
const cipherList = "TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_GCM_SHA256:ECDHE-RSA-AES128-GCM-SHA256:" +
  "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-AES256-GCM-SHA384:DHE-RSA-AES128-GCM-SHA256:" +
  "ECDHE-RSA-AES128-SHA256:DHE-RSA-AES128-SHA256:ECDHE-RSA-AES256-SHA384:DHE-RSA-AES256-SHA384:ECDHE-RSA-AES256-SHA256:" +
  "DHE-RSA-AES256-SHA256:HIGH:!aNULL:!eNULL:!EXPORT:!DES:!RC4:!MD5:!PSK:!SRP:!CAMELLIA";
const constants = {
  OPENSSL_VERSION_NUMBER: 810549376, SSL_OP_ALL: 2147485776, SSL_OP_ALLOW_NO_DHE_KEX: 1024,
  SSL_OP_ALLOW_UNSAFE_LEGACY_RENEGOTIATION: 262144, SSL_OP_CIPHER_SERVER_PREFERENCE: 4194304,
  SSL_OP_CISCO_ANYCONNECT: 32768, SSL_OP_COOKIE_EXCHANGE: 8192, SSL_OP_CRYPTOPRO_TLSEXT_BUG: 2147483648,
  SSL_OP_DONT_INSERT_EMPTY_FRAGMENTS: 2048, SSL_OP_LEGACY_SERVER_CONNECT: 4, SSL_OP_NO_COMPRESSION: 131072,
  SSL_OP_NO_ENCRYPT_THEN_MAC: 524288, SSL_OP_NO_QUERY_MTU: 4096, SSL_OP_NO_RENEGOTIATION: 1073741824,
  SSL_OP_NO_SESSION_RESUMPTION_ON_RENEGOTIATION: 65536, SSL_OP_NO_SSLv2: 0, SSL_OP_NO_SSLv3: 33554432,
  SSL_OP_NO_TICKET: 16384, SSL_OP_NO_TLSv1: 67108864, SSL_OP_NO_TLSv1_1: 268435456, SSL_OP_NO_TLSv1_2: 134217728,
  SSL_OP_NO_TLSv1_3: 536870912, SSL_OP_PRIORITIZE_CHACHA: 2097152, SSL_OP_TLS_ROLLBACK_BUG: 8388608,
  ENGINE_METHOD_RSA: 1, ENGINE_METHOD_DSA: 2, ENGINE_METHOD_DH: 4, ENGINE_METHOD_RAND: 8, ENGINE_METHOD_EC: 2048,
  ENGINE_METHOD_CIPHERS: 64, ENGINE_METHOD_DIGESTS: 128, ENGINE_METHOD_PKEY_METHS: 512,
  ENGINE_METHOD_PKEY_ASN1_METHS: 1024, ENGINE_METHOD_ALL: 65535, ENGINE_METHOD_NONE: 0,
  DH_CHECK_P_NOT_SAFE_PRIME: 2, DH_CHECK_P_NOT_PRIME: 1, DH_UNABLE_TO_CHECK_GENERATOR: 4, DH_NOT_SUITABLE_GENERATOR: 8,
  RSA_PKCS1_PADDING: 1, RSA_NO_PADDING: 3, RSA_PKCS1_OAEP_PADDING: 4, RSA_X931_PADDING: 5, RSA_PKCS1_PSS_PADDING: 6,
  RSA_PSS_SALTLEN_DIGEST: -1, RSA_PSS_SALTLEN_MAX_SIGN: -2, RSA_PSS_SALTLEN_AUTO: -2,
  defaultCoreCipherList: cipherList,
  TLS1_VERSION: 769, TLS1_1_VERSION: 770, TLS1_2_VERSION: 771, TLS1_3_VERSION: 772,
  POINT_CONVERSION_COMPRESSED: 2, POINT_CONVERSION_UNCOMPRESSED: 4, POINT_CONVERSION_HYBRID: 6,
  defaultCipherList: cipherList,
};

// Padding, salt length and DSA signature encoding of a key argument.
function sigOptions(opts) {
  const int = (name) => {
    const v = opts[name];
    if (v === undefined) return undefined;
    if (!Number.isInteger(v) || v < -2147483648 || v > 2147483647) throw K.invalidProp(`options.${name}`, v);
    return v;
  };
  const padding = int("padding"), saltLength = int("saltLength");
  const enc = opts.dsaEncoding;
  if (enc !== undefined && enc !== "der" && enc !== "ieee-p1363") throw K.invalidProp("options.dsaEncoding", enc);
  return { padding, saltLength, p1363: enc === "ieee-p1363" };
}

function signWith(digest, data, key, oneShot) {
  const { native, options } = K.prepareKey(key, "private");
  const o = sigOptions(options);
  const type = K.info(native).type;
  if (!oneShot && (type === "ed25519" || type === "ed448"))
    throw coded(Error, "ERR_CRYPTO_UNSUPPORTED_OPERATION", "Unsupported crypto operation");
  let sig = c.pkeySign(native, digest, data, o.padding, o.saltLength);
  if (o.p1363 && type === "ec") sig = K.derToP1363(sig, K.ecSize(native));
  return B().from(sig.buffer, sig.byteOffset, sig.byteLength);
}

function verifyWith(digest, data, key, signature, oneShot) {
  const { native, options } = K.prepareKey(key, "public");
  const o = sigOptions(options);
  const pub = K.publicOf(native);
  const type = K.info(pub).type;
  if (!oneShot && (type === "ed25519" || type === "ed448"))
    throw coded(Error, "ERR_CRYPTO_UNSUPPORTED_OPERATION", "Unsupported crypto operation");
  let sig = signature;
  if (o.p1363 && type === "ec") {
    sig = K.p1363ToDer(sig, K.ecSize(pub));
    if (!sig) return false;
  }
  return c.pkeyVerify(pub, digest, data, sig, o.padding, o.saltLength);
}

// Whether OpenSSL knows the digest.
function knownDigest(name) {
  const id = c.hashNew(name);
  if (id) c.release(id);
  return !!id;
}

function checkDigest(algorithm, withName) {
  if (!knownDigest(algorithm)) throw coded(TypeError, "ERR_CRYPTO_INVALID_DIGEST", withName ? `Invalid digest: ${algorithm}` : "Invalid digest");
}

// Sign and Verify collect the data the same way (Verify borrows the methods).
function startSigning(self, algorithm, options) {
  if (typeof algorithm !== "string") throw argType("algorithm", "of type string", algorithm);
  checkDigest(algorithm, false);
  self._algorithm = algorithm;
  self._chunks = [];
  self._options = options;
}

class Sign {
  constructor(algorithm, options) { startSigning(this, algorithm, options); }
  update(data, inputEncoding) {
    if (!this._chunks) throw coded(Error, "ERR_CRYPTO_INVALID_STATE", "Not initialised");
    if (typeof data === "string") data = B().from(data, inputEncoding || "utf8");
    else if (!ArrayBuffer.isView(data)) throw argType("data", "of type string or an instance of Buffer, TypedArray, or DataView", data);
    this._chunks.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice());
    return this;
  }
  write(chunk, encoding, cb) {
    this.update(chunk, typeof encoding === "string" ? encoding : undefined);
    if (typeof encoding === "function") cb = encoding;
    if (typeof cb === "function") tasks.nextTick(cb);
    return true;
  }
  end(chunk, encoding, cb) {
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") this.update(chunk, typeof encoding === "string" ? encoding : undefined);
    const f = [chunk, encoding, cb].find((x) => typeof x === "function");
    if (f) tasks.nextTick(f);
    return this;
  }
  _take() {
    if (!this._chunks) throw coded(Error, "ERR_CRYPTO_INVALID_STATE", "Not initialised");
    const data = B().concat(this._chunks);
    this._chunks = null;
    return data;
  }
  sign(privateKey, outputEncoding) {
    if (privateKey === undefined || privateKey === null) throw coded(Error, "ERR_CRYPTO_SIGN_KEY_REQUIRED", "No key provided to sign");
    const data = this._take();
    const sig = signWith(this._algorithm, data, privateKey, false);
    return outputEncoding && outputEncoding !== "buffer" ? sig.toString(outputEncoding) : sig;
  }
}

class Verify {
  constructor(algorithm, options) { startSigning(this, algorithm, options); }
  verify(object, signature, sigEncoding) {
    if (typeof signature === "string") signature = B().from(signature, sigEncoding || "utf8");
    else if (!K.isBytes(signature)) throw argType("signature", "of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView", signature);
    const data = this._take();
    return verifyWith(this._algorithm, data, object, K.bytesOf(signature), false);
  }
}
for (const m of ["update", "write", "end", "_take"]) Verify.prototype[m] = Sign.prototype[m];

function createSign(algorithm, options) { return new Sign(algorithm, options); }
function createVerify(algorithm, options) { return new Verify(algorithm, options); }

function oneShotData(data) {
  if (typeof data === "string") return B().from(data, "utf8");
  if (!ArrayBuffer.isView(data)) throw argType("data", "of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView", data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

function oneShot(algorithm, callback, run) {
  if (algorithm !== undefined && algorithm !== null) {
    if (typeof algorithm !== "string") throw argType("algorithm", "of type string", algorithm);
    checkDigest(algorithm, true);
  }
  if (callback !== undefined && typeof callback !== "function") throw argType("callback", "of type function", callback);
  if (!callback) return run();
  let r, e;
  try { r = run(); } catch (err) { e = err; }
  require("timers").setImmediate(() => (e ? callback(e) : callback(null, r)));
  return undefined;
}

function sign(algorithm, data, key, callback) {
  const bytes = oneShotData(data);
  if (key === undefined || key === null) throw coded(Error, "ERR_CRYPTO_SIGN_KEY_REQUIRED", "No key provided to sign");
  return oneShot(algorithm, callback, () => signWith(algorithm ?? null, bytes, key, true));
}

function verify(algorithm, data, key, signature, callback) {
  const bytes = oneShotData(data);
  if (!ArrayBuffer.isView(signature)) throw argType("signature", "an instance of Buffer, TypedArray, or DataView", signature);
  return oneShot(algorithm, callback, () => verifyWith(algorithm ?? null, bytes, key, K.bytesOf(signature), true));
}

// --------------------------------------------------- RSA encryption

function rsaCipher(key, buffer, op, defaultPadding) {
  const { native, options } = K.prepareKey(key, op === 1 || op === 2 ? "private" : "public");
  const padding = options.padding === undefined ? defaultPadding : options.padding;
  let oaepHash = "sha1", label;
  if (options.oaepHash !== undefined) {
    if (typeof options.oaepHash !== "string") throw K.propType("key.oaepHash", "of type string", options.oaepHash);
    oaepHash = options.oaepHash;
  }
  if (options.oaepLabel !== undefined) {
    if (!K.isBytes(options.oaepLabel)) throw K.propType("key.oaepLabel", "an instance of ArrayBuffer, Buffer, TypedArray, or DataView", options.oaepLabel);
    label = K.bytesOf(options.oaepLabel);
  }
  const data = typeof buffer === "string" ? B().from(buffer, options.encoding || "utf8")
    : K.isBytes(buffer) ? K.bytesOf(buffer)
    : (() => { throw argType("buffer", "of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView", buffer); })();
  if (padding === 4 && !knownDigest(oaepHash)) throw coded(Error, "ERR_OSSL_EVP_INVALID_DIGEST", "Invalid digest used");
  const n = op === 0 || op === 3 ? K.publicOf(native) : native;
  const out = c.pkeyCipher(n, op, data, padding, padding === 4 ? oaepHash : undefined, label);
  return B().from(out.buffer, out.byteOffset, out.byteLength);
}

function publicEncrypt(key, buffer) { return rsaCipher(key, buffer, 0, 4); }
function privateDecrypt(key, buffer) { return rsaCipher(key, buffer, 1, 4); }
function privateEncrypt(key, buffer) { return rsaCipher(key, buffer, 2, 1); }
function publicDecrypt(key, buffer) { return rsaCipher(key, buffer, 3, 1); }

// diffieHellman({ privateKey, publicKey }) for ECDH, X25519 and X448 keys.
function diffieHellman(options) {
  if (options === null || typeof options !== "object") throw argType("options", "of type object", options);
  const { privateKey, publicKey } = options;
  if (!(privateKey instanceof K.KeyObject)) throw K.propType("options.privateKey", "an instance of KeyObject", privateKey);
  if (!(publicKey instanceof K.KeyObject)) throw K.propType("options.publicKey", "an instance of KeyObject", publicKey);
  if (privateKey.type !== "private") throw coded(TypeError, "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE", `Invalid key object type ${privateKey.type}, expected private.`);
  if (publicKey.type !== "public" && publicKey.type !== "private") throw coded(TypeError, "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE", `Invalid key object type ${publicKey.type}, expected public or private.`);
  const a = privateKey.asymmetricKeyType, b = publicKey.asymmetricKeyType;
  if (a !== b || !["ec", "x25519", "x448", "dh"].includes(a))
    throw coded(Error, "ERR_CRYPTO_INCOMPATIBLE_KEY", `Incompatible key types for Diffie-Hellman: ${a} and ${b}`);
  const out = c.pkeyDerive(privateKey[K.kHandle], K.publicOf(publicKey[K.kHandle]));
  return B().from(out.buffer, out.byteOffset, out.byteLength);
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
  getHashes: () => HASHES.slice(), getCiphers: () => CIPHERS.slice(), getCurves: () => CURVES.slice(),
  createSecretKey, createPrivateKey, createPublicKey, KeyObject: K.KeyObject,
  constants,
  generateKeyPair, generateKeyPairSync, generateKey, generateKeySync,
  createSign, createVerify, Sign, Verify, sign, verify,
  publicEncrypt, privateDecrypt, privateEncrypt, publicDecrypt, diffieHellman,
  createECDH: unsupported("createECDH"),
  createDiffieHellman: unsupported("createDiffieHellman"), hkdfSync, hkdf,
});
Object.defineProperty(exports, "webcrypto", { get: () => webc.crypto, enumerable: true });
Object.defineProperty(exports, "subtle", { get: () => webc.crypto.subtle, enumerable: true });
