// subtle.js - crypto.subtle (Web Crypto) over host.crypto (OpenSSL), as
// Node 22 has it: digest; HMAC, ECDSA, Ed25519/Ed448, RSASSA-PKCS1-v1_5
// and RSA-PSS sign/verify; AES-GCM/CBC/CTR and RSA-OAEP encrypt/decrypt;
// ECDH, X25519/X448, PBKDF2 and HKDF deriveBits/deriveKey; generateKey,
// importKey and exportKey (raw, spki, pkcs8, jwk as each algorithm allows);
// wrapKey/unwrapKey with AES-KW or any of the encryption algorithms.
// The checks and the errors they throw (names, messages, their order)
// follow Node's.

const c = host.crypto;
const { DOMException } = require("dom_exception");
const K = require("crypto_keys");

const HASHES = { "SHA-1": "sha1", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512" };
const HASH_BYTES = { "SHA-1": 20, "SHA-256": 32, "SHA-384": 48, "SHA-512": 64 };
const HASH_BLOCK = { "SHA-1": 64, "SHA-256": 64, "SHA-384": 128, "SHA-512": 128 };

const dom = (msg, name, cause) => new DOMException(msg, cause === undefined ? name : { name, cause });
const notSupported = () => dom("Unrecognized algorithm name", "NotSupportedError");
const invalidAccess = (msg) => dom(msg, "InvalidAccessError");
const operationError = (msg = "The operation failed for an operation-specific reason", cause) => dom(msg, "OperationError", cause);
const dataError = (msg, cause) => dom(msg, "DataError", cause);
const syntaxError = (msg) => dom(msg, "SyntaxError");

function webidl(code, message) {
  const err = new TypeError(message);
  err.code = code;
  return err;
}

const isBufferSource = (v) => v instanceof ArrayBuffer || ArrayBuffer.isView(v);
function bytesOf(data) {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw webidl("ERR_INVALID_ARG_TYPE", "Failed to execute: the data is not an ArrayBuffer or ArrayBufferView");
}

const toBuffer = (u8) => u8.buffer.byteLength === u8.byteLength && u8.byteOffset === 0 ? u8.buffer : u8.slice().buffer;

// ------------------------------------------------- algorithm dictionaries

const ALL_NAMES = ["SHA-1", "SHA-256", "SHA-384", "SHA-512", "HMAC", "AES-GCM", "AES-CBC", "AES-CTR", "AES-KW", "PBKDF2",
  "HKDF", "ECDSA", "ECDH", "Ed25519", "Ed448", "X25519", "X448", "RSA-OAEP", "RSA-PSS", "RSASSA-PKCS1-v1_5"];
const RSA = ["RSASSA-PKCS1-v1_5", "RSA-PSS", "RSA-OAEP"];
const EC = ["ECDSA", "ECDH"];
const CFRG = ["Ed25519", "Ed448", "X25519", "X448"];
const SIGNERS = ["HMAC", "ECDSA", "Ed25519", "Ed448", "RSASSA-PKCS1-v1_5", "RSA-PSS"];

// The algorithms each operation knows (anything else: NotSupportedError).
const SUPPORTED = {
  digest: ["SHA-1", "SHA-256", "SHA-384", "SHA-512"],
  generateKey: ["HMAC", "AES-GCM", "AES-CBC", "AES-CTR", "AES-KW", ...RSA, ...EC, ...CFRG],
  importKey: ["HMAC", "AES-GCM", "AES-CBC", "AES-CTR", "AES-KW", "PBKDF2", "HKDF", ...RSA, ...EC, ...CFRG],
  sign: SIGNERS,
  verify: SIGNERS,
  encrypt: ["AES-GCM", "AES-CBC", "AES-CTR", "RSA-OAEP"],
  decrypt: ["AES-GCM", "AES-CBC", "AES-CTR", "RSA-OAEP"],
  deriveBits: ["ECDH", "X25519", "X448", "HKDF", "PBKDF2"],
  get: ["AES-GCM", "AES-CBC", "AES-CTR", "AES-KW", "HMAC", "HKDF", "PBKDF2"],
};

// WebIDL dictionary and required members per operation and algorithm.
function dictionaryOf(op, name) {
  if (op === "generateKey") {
    if (RSA.includes(name)) return ["RsaHashedKeyGenParams", ["modulusLength", "publicExponent", "hash"]];
    if (EC.includes(name)) return ["EcKeyGenParams", ["namedCurve"]];
    if (name === "HMAC") return ["HmacKeyGenParams", ["hash"]];
    if (name.startsWith("AES-")) return ["AesKeyGenParams", ["length"]];
  } else if (op === "importKey") {
    if (RSA.includes(name)) return ["RsaHashedImportParams", ["hash"]];
    if (EC.includes(name)) return ["EcKeyImportParams", ["namedCurve"]];
    if (name === "HMAC") return ["HmacImportParams", ["hash"]];
  } else if (op === "sign" || op === "verify") {
    if (name === "ECDSA") return ["EcdsaParams", ["hash"]];
    if (name === "RSA-PSS") return ["RsaPssParams", ["saltLength"]];
  } else if (op === "encrypt" || op === "decrypt") {
    if (name === "AES-GCM") return ["AesGcmParams", ["iv"]];
    if (name === "AES-CBC") return ["AesCbcParams", ["iv"]];
    if (name === "AES-CTR") return ["AesCtrParams", ["counter", "length"]];
  } else if (op === "deriveBits") {
    if (name === "ECDH" || name === "X25519" || name === "X448") return ["EcdhKeyDeriveParams", ["public"]];
    if (name === "HKDF") return ["HkdfParams", ["hash", "info", "salt"]];
    if (name === "PBKDF2") return ["Pbkdf2Params", ["hash", "iterations", "salt"]];
  }
  return null;
}

const missingMember = (dict, member) => webidl("ERR_MISSING_OPTION",
  `Failed to normalize algorithm: passed algorithm can not be converted to '${dict}' because '${member}' is required in '${dict}'.`);

// Node's normalizeAlgorithm: the name matched without case against what
// the operation supports, the dictionary's required members present, a
// hash normalized as a digest.
function normalize(alg, op) {
  const a = typeof alg === "string" ? { name: alg } : alg !== null && typeof alg === "object" ? { ...alg } : null;
  if (!a || typeof a.name !== "string") {
    if (a && a.name !== undefined && typeof a.name !== "string") a.name = String(a.name);
    else throw webidl("ERR_MISSING_OPTION", "Failed to normalize algorithm: passed algorithm can not be converted to 'Algorithm' because 'name' is required in 'Algorithm'.");
  }
  const upper = a.name.toUpperCase();
  const list = op ? SUPPORTED[op] : ALL_NAMES;
  const known = list.find((n) => n.toUpperCase() === upper);
  if (!known) throw notSupported();
  a.name = known;
  const dict = op ? dictionaryOf(op, known) : null;
  if (dict) {
    for (const m of dict[1]) if (a[m] === undefined) throw missingMember(dict[0], m);
    if (dict[0] === "RsaHashedKeyGenParams") {
      if (!(a.publicExponent instanceof Uint8Array))
        throw webidl("ERR_INVALID_ARG_TYPE", "Failed to normalize algorithm: 'publicExponent' of 'RsaHashedKeyGenParams' (passed algorithm) is not an Uint8Array object.");
      a.modulusLength = Number(a.modulusLength) >>> 0;
    }
    if (dict[0] === "EcdhKeyDeriveParams" && !(a.public instanceof CryptoKey))
      throw webidl("ERR_INVALID_ARG_TYPE", "Failed to normalize algorithm: 'public' of 'EcdhKeyDeriveParams' (passed algorithm) is not of type CryptoKey.");
    if (dict[0] === "EcKeyGenParams" || dict[0] === "EcKeyImportParams") a.namedCurve = String(a.namedCurve);
  }
  if (a.hash !== undefined) a.hash = normalize(a.hash, "digest");
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

// ---------------------------------------------------------- CryptoKey

// A key's state: {type, extractable, algorithm, usages, material}; the
// material is the secret's bytes or a native (OpenSSL) key.
const slots = new WeakMap();
const kInspect = Symbol.for("nodejs.util.inspect.custom");

class CryptoKey {
  constructor() { throw webidl("ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor"); }
  get type() { return slot(this).type; }
  get extractable() { return slot(this).extractable; }
  get algorithm() { return slot(this).algorithm; }
  get usages() { return slot(this).usages; }
  [kInspect](depth, options, inspect) {
    if (depth < 0) return this;
    const opts = { ...options, depth: options.depth == null ? null : options.depth - 1 };
    const s = slot(this);
    return `CryptoKey ${inspect({ type: s.type, extractable: s.extractable, algorithm: s.algorithm, usages: s.usages }, opts)}`;
  }
}
for (const k of ["type", "extractable", "algorithm", "usages"]) {
  const d = Object.getOwnPropertyDescriptor(CryptoKey.prototype, k);
  d.enumerable = true;
  Object.defineProperty(CryptoKey.prototype, k, d);
}
Object.defineProperty(CryptoKey.prototype, Symbol.toStringTag, { value: "CryptoKey", configurable: true });

function slot(k) {
  const s = slots.get(k);
  if (!s) throw webidl("ERR_INVALID_THIS", 'Value of "this" must be of type CryptoKey');
  return s;
}

// Keys are made on a prototype of their own below CryptoKey.prototype (its
// only property is `constructor`), as Node's are.
const keyProto = Object.create(CryptoKey.prototype, {
  constructor: { value: CryptoKey, writable: true, enumerable: false, configurable: true },
});

function makeKey(type, extractable, algorithm, usages, material) {
  const k = Object.create(keyProto);
  slots.set(k, { type, extractable: !!extractable, algorithm, usages: [...usages], material });
  return k;
}

// -------------------------------------------------------- usages

const USAGES = ["encrypt", "decrypt", "sign", "verify", "deriveKey", "deriveBits", "wrapKey", "unwrapKey"];

const uniq = (usages) => [...new Set(usages)];

// Usages allowed for a key of this algorithm and type.
function allowedUsages(name, type) {
  switch (name) {
    case "ECDSA": case "Ed25519": case "Ed448": case "RSASSA-PKCS1-v1_5": case "RSA-PSS":
      return type === "private" ? ["sign"] : type === "public" ? ["verify"] : ["sign", "verify"];
    case "ECDH": case "X25519": case "X448":
      return type === "private" ? ["deriveKey", "deriveBits"] : type === "public" ? [] : ["deriveKey", "deriveBits"];
    case "RSA-OAEP":
      return type === "private" ? ["decrypt", "unwrapKey"] : type === "public" ? ["encrypt", "wrapKey"]
        : ["encrypt", "decrypt", "wrapKey", "unwrapKey"];
    default: return USAGES;
  }
}

// "an ECDSA key" when generating, "a ECDSA key" when importing (Node's
// wording in each), RSA generation says "a RSA key".
function badUsage(name, generating) {
  if (generating && RSA.includes(name)) return syntaxError("Unsupported key usage for a RSA key");
  const article = generating || RSA.includes(name) ? "an" : "a";
  return syntaxError(`Unsupported key usage for ${article} ${name} key`);
}

function checkUsages(usages, name, type, generating) {
  const ok = allowedUsages(name, type);
  for (const u of usages) if (!ok.includes(u)) throw badUsage(name, generating);
}

// ----------------------------------------------------------- WebIDL

const ORD = ["1st", "2nd", "3rd", "4th", "5th"];

function argCount(op, args, n) {
  if (args.length < n)
    throw webidl("ERR_MISSING_ARGS", `Failed to execute '${op}' on 'SubtleCrypto': ${n} argument${n > 1 ? "s" : ""} required, but only ${args.length} present.`);
}

function keyArg(op, v, i) {
  if (!(v instanceof CryptoKey) || !slots.has(v))
    throw webidl("ERR_INVALID_ARG_TYPE", `Failed to execute '${op}' on 'SubtleCrypto': ${ORD[i]} argument is not of type CryptoKey.`);
  return v;
}

function bufferArg(op, v, i) {
  if (!isBufferSource(v))
    throw webidl("ERR_INVALID_ARG_TYPE", `Failed to execute '${op}' on 'SubtleCrypto': ${ORD[i]} argument is not instance of ArrayBuffer, Buffer, TypedArray, or DataView.`);
  return bytesOf(v).slice();
}

function formatArg(op, v) {
  if (!["raw", "pkcs8", "spki", "jwk"].includes(v))
    throw webidl("ERR_INVALID_ARG_VALUE", `Failed to execute '${op}' on 'SubtleCrypto': 1st argument value '${v}' is not a valid enum value of type KeyFormat.`);
  return v;
}

function usagesArg(op, v, i) {
  if (v === null || typeof v !== "object" || typeof v[Symbol.iterator] !== "function")
    throw webidl("ERR_INVALID_ARG_TYPE", `Failed to execute '${op}' on 'SubtleCrypto': ${ORD[i]} argument can not be converted to sequence.`);
  const out = [];
  let j = 0;
  for (const u of v) {
    const s = String(u);
    if (!USAGES.includes(s))
      throw webidl("ERR_INVALID_ARG_VALUE", `Failed to execute '${op}' on 'SubtleCrypto': ${ORD[i]} argument, index ${j} value '${s}' is not a valid enum value of type KeyUsage.`);
    out.push(s);
    j++;
  }
  return out;
}

// -------------------------------------------------------------- keys

// Algorithm objects of asymmetric keys.
function rsaAlgorithm(name, native, hash, publicExponent) {
  const i = K.info(native);
  return { name, modulusLength: i.bits, publicExponent: publicExponent || new Uint8Array(i.e), hash: { name: hash } };
}

const CURVE_ALIASES = { "P-256": "prime256v1", "P-384": "secp384r1", "P-521": "secp521r1" };

function generateAsymmetric(a, extractable, usages) {
  const name = a.name;
  let native, algorithm;
  if (RSA.includes(name)) {
    checkUsages(usages, name, "both", true);
    const e = a.publicExponent;
    let exp = 0;
    for (const b of e) exp = exp * 256 + b;
    if (exp > 0xffffffff || e.length === 0) throw operationError("The publicExponent must be equivalent to an unsigned 32-bit value");
    try {
      native = c.pkeyGenerate("RSA", a.modulusLength, exp);
    } catch (err) {
      throw operationError(undefined, err);
    }
    algorithm = rsaAlgorithm(name, native, a.hash.name, new Uint8Array(e));
  } else if (EC.includes(name)) {
    if (!CURVE_ALIASES[a.namedCurve]) throw dom("Unrecognized namedCurve", "NotSupportedError");
    checkUsages(usages, name, "both", true);
    native = c.pkeyGenerate("EC", CURVE_ALIASES[a.namedCurve]);
    algorithm = { name, namedCurve: a.namedCurve };
  } else {
    checkUsages(usages, name, "both", true);
    native = c.pkeyGenerate(K.OKP_TYPES[name]);
    algorithm = { name };
  }
  const privUsages = allowedUsages(name, "private").filter((u) => usages.includes(u));
  const pubUsages = allowedUsages(name, "public").filter((u) => usages.includes(u));
  if (privUsages.length === 0) throw syntaxError("Usages cannot be empty when creating a key.");
  const pubAlg = { ...algorithm };
  if (algorithm.publicExponent) pubAlg.publicExponent = new Uint8Array(algorithm.publicExponent);
  if (algorithm.hash) pubAlg.hash = { ...algorithm.hash };
  const pair = Object.create(null);
  pair.publicKey = makeKey("public", true, pubAlg, pubUsages, c.pkeyPublic(native));
  pair.privateKey = makeKey("private", extractable, algorithm, privUsages, native);
  return pair;
}

// Node's key_ops check for a JWK import.
function checkKeyOps(ops, usages) {
  if (ops === undefined) return;
  if (ops === null || typeof ops !== "object" || typeof ops[Symbol.iterator] !== "function")
    throw webidl("ERR_INVALID_ARG_TYPE", "Failed to execute 'importKey' on 'SubtleCrypto': 'key_ops' of 'JsonWebKey' (2nd argument) can not be converted to sequence.");
  const list = [...ops].map(String);
  if (new Set(list).size !== list.length) throw dataError("Duplicate key operation");
  for (const u of usages) if (!list.includes(u)) throw dataError("Key operations and usage mismatch");
}

const RSA_JWK_ALG = {
  "RSASSA-PKCS1-v1_5": { "SHA-1": "RS1", "SHA-256": "RS256", "SHA-384": "RS384", "SHA-512": "RS512" },
  "RSA-PSS": { "SHA-1": "PS1", "SHA-256": "PS256", "SHA-384": "PS384", "SHA-512": "PS512" },
  "RSA-OAEP": { "SHA-1": "RSA-OAEP", "SHA-256": "RSA-OAEP-256", "SHA-384": "RSA-OAEP-384", "SHA-512": "RSA-OAEP-512" },
};
const EC_JWK_ALG = { "P-256": "ES256", "P-384": "ES384", "P-521": "ES512" };
const SIGNING = ["ECDSA", "Ed25519", "Ed448", "RSASSA-PKCS1-v1_5", "RSA-PSS"];

// Decode spki/pkcs8 bytes into a native key of the expected type.
function decodeDer(format, bytes, name, wantTypes) {
  let native;
  try {
    native = K.decode(bytes, "der", format, format === "pkcs8", undefined);
  } catch (err) {
    throw dataError("Invalid keyData", err);
  }
  if (!wantTypes.includes(K.info(native).type)) throw dataError("Invalid key type");
  return native;
}

function importAsymmetric(format, keyData, a, extractable, usages) {
  const name = a.name;
  const isEC = EC.includes(name), isRSA = RSA.includes(name);
  if (isEC && !CURVE_ALIASES[a.namedCurve]) throw dom("Unrecognized namedCurve", "NotSupportedError");
  const wantTypes = isRSA ? ["rsa"] : isEC ? ["ec"] : [name.toLowerCase()];
  const algorithmFor = (native) => isRSA ? rsaAlgorithm(name, native, a.hash.name)
    : isEC ? { name, namedCurve: a.namedCurve } : { name };
  let native, type;
  if (format === "spki" || format === "pkcs8") {
    type = format === "spki" ? "public" : "private";
    checkUsages(usages, name, type, false);
    native = decodeDer(format, keyData, name, wantTypes);
    if (isEC && K.info(native).curve !== CURVE_ALIASES[a.namedCurve]) throw dataError("Named curve mismatch");
  } else if (format === "raw") {
    if (isRSA) throw dom(`Unable to import ${name} using raw format`, "NotSupportedError");
    type = "public";
    checkUsages(usages, name, type, false);
    if (isEC) {
      try {
        native = c.pkeyFromData("EC", { group: CURVE_ALIASES[a.namedCurve], pub: keyData });
      } catch {
        throw dataError("Invalid keyData");
      }
    } else {
      if (keyData.length !== K.OKP_SIZES[name]) throw dataError(`${name} raw keys must be exactly ${K.OKP_SIZES[name]}-bytes`);
      native = c.pkeyFromData(K.OKP_TYPES[name], { pub: keyData });
    }
  } else {
    const jwk = keyData;
    const kty = isRSA ? "RSA" : isEC ? "EC" : "OKP";
    if (!jwk.kty) throw dataError("Invalid keyData");
    if (jwk.kty !== kty) throw dataError('Invalid JWK "kty" Parameter');
    if (isEC && jwk.crv !== a.namedCurve) throw dataError('JWK "crv" does not match the requested algorithm');
    if (!isEC && !isRSA && jwk.crv !== name) throw dataError('JWK "crv" Parameter and algorithm name mismatch');
    type = jwk.d !== undefined ? "private" : "public";
    checkUsages(usages, name, type, false);
    if (usages.length > 0 && jwk.use !== undefined && jwk.use !== (SIGNING.includes(name) ? "sig" : "enc"))
      throw dataError('Invalid JWK "use" Parameter');
    checkKeyOps(jwk.key_ops, usages);
    if (jwk.ext === false && extractable) throw dataError('JWK "ext" Parameter and extractable mismatch');
    if (jwk.alg !== undefined) {
      let want;
      if (isRSA) want = [RSA_JWK_ALG[name][a.hash.name]];
      else if (name === "ECDSA") want = [EC_JWK_ALG[a.namedCurve]];
      else if (name === "Ed25519" || name === "Ed448") want = ["EdDSA", name];
      if (want && !want.includes(jwk.alg)) throw dataError('JWK "alg" does not match the requested algorithm');
    }
    if (isRSA || isEC) {
      const members = isRSA ? ["n", "e", ...(type === "private" ? ["d", "p", "q", "dp", "dq", "qi"] : [])]
        : ["x", "y", ...(type === "private" ? ["d"] : [])];
      const invalid = () => dataError("Invalid keyData", K.coded(TypeError, "ERR_CRYPTO_INVALID_JWK", `Invalid JWK ${kty} key`));
      if (members.some((m) => typeof jwk[m] !== "string")) throw invalid();
      try {
        native = K.nativeFromJwk(jwk, type === "public");
      } catch (err) {
        throw dataError("Invalid keyData", err);
      }
    } else {
      if (typeof jwk.x !== "string") throw dataError("Invalid JWK");
      const size = K.OKP_SIZES[name];
      const x = K.fromB64url(jwk.x);
      const bad = (msg) => dataError("Invalid keyData", new Error(msg));
      if (type === "private") {
        const d = K.fromB64url(String(jwk.d));
        if (d.length !== size) throw bad(`${name} raw keys must be exactly ${size}-bytes`);
        native = c.pkeyFromData(K.OKP_TYPES[name], { priv: d });
        const derived = c.pkeyFields(native).x;
        if (x.length !== derived.length || !x.every((b, j) => b === derived[j]))
          throw dataError("Invalid keyData", K.coded(TypeError, "ERR_CRYPTO_INVALID_JWK", "Invalid JWK data"));
      } else {
        if (x.length !== size) throw bad(`${name} raw keys must be exactly ${size}-bytes`);
        native = c.pkeyFromData(K.OKP_TYPES[name], { pub: x });
      }
    }
  }
  return makeKey(type, extractable, algorithmFor(native), usages, native);
}

const SECRET_USAGES = {
  HMAC: [["sign", "verify"], "an HMAC"],
  "AES-GCM": [["encrypt", "decrypt", "wrapKey", "unwrapKey"], "an AES"],
  "AES-CBC": [["encrypt", "decrypt", "wrapKey", "unwrapKey"], "an AES"],
  "AES-CTR": [["encrypt", "decrypt", "wrapKey", "unwrapKey"], "an AES"],
  "AES-KW": [["wrapKey", "unwrapKey"], "an AES"],
  PBKDF2: [["deriveKey", "deriveBits"], "a PBKDF2"],
  HKDF: [["deriveKey", "deriveBits"], "a HKDF"],
};

function importSecret(format, keyData, a, extractable, usages) {
  const [okUsages, article] = SECRET_USAGES[a.name];
  if (usages.some((u) => !okUsages.includes(u))) throw syntaxError(`Unsupported key usage for ${article} key`);
  const kdf = a.name === "PBKDF2" || a.name === "HKDF";
  let bytes;
  if (format === "raw") bytes = keyData;
  else if (format === "jwk" && !kdf) {
    if (!keyData.kty) throw dataError("Invalid keyData");
    if (keyData.kty !== "oct") throw dataError('Invalid JWK "kty" Parameter');
    if (typeof keyData.k !== "string") throw dataError("Invalid keyData");
    if (usages.length > 0 && keyData.use !== undefined && keyData.use !== (a.name === "HMAC" ? "sig" : "enc"))
      throw dataError('Invalid JWK "use" Parameter');
    checkKeyOps(keyData.key_ops, usages);
    if (keyData.ext === false && extractable) throw dataError('JWK "ext" Parameter and extractable mismatch');
    bytes = K.fromB64url(keyData.k);
    if (keyData.alg !== undefined) {
      const want = a.name === "HMAC" ? "HS" + a.hash.name.slice(4) : `A${bytes.length * 8}${a.name.slice(4)}`;
      if (keyData.alg !== want) throw dataError('JWK "alg" does not match the requested algorithm');
    }
  } else throw dom(`Unable to import ${a.name} using ${format} format`, "NotSupportedError");
  if (a.name === "HMAC") {
    if (bytes.length === 0) throw dataError("Zero-length key is not supported");
    return makeKey("secret", extractable, { name: "HMAC", hash: { name: a.hash.name }, length: bytes.length * 8 }, usages, bytes);
  }
  if (a.name.startsWith("AES-")) {
    if (![16, 24, 32].includes(bytes.length)) throw dataError("Invalid key length");
    return makeKey("secret", extractable, { name: a.name, length: bytes.length * 8 }, usages, bytes);
  }
  if (extractable) throw syntaxError(`${a.name} keys are not extractable`);
  return makeKey("secret", false, { name: a.name }, usages, bytes);
}

function importKeySync(format, keyData, a, extractable, usages) {
  const key = RSA.includes(a.name) || EC.includes(a.name) || CFRG.includes(a.name)
    ? importAsymmetric(format, keyData, a, extractable, usages)
    : importSecret(format, keyData, a, extractable, usages);
  if ((key.type === "secret" || key.type === "private") && key.usages.length === 0)
    throw syntaxError(`Usages cannot be empty when importing a ${key.type} key.`);
  return key;
}

function exportKeySync(format, key) {
  const s = slots.get(key);
  const name = s.algorithm.name;
  const unable = () => dom(`Unable to export ${name} ${s.type} key using ${format} format`, "NotSupportedError");
  if (s.type === "secret") {
    const bytes = s.material;
    if (format === "raw") return toBuffer(bytes.slice());
    if (format === "jwk" && (name === "HMAC" || name.startsWith("AES-"))) {
      const alg = name === "HMAC" ? "HS" + s.algorithm.hash.name.slice(4) : `A${s.algorithm.length}${name.slice(4)}`;
      return { key_ops: [...s.usages], ext: s.extractable, alg, kty: "oct", k: K.b64url(bytes) };
    }
    throw unable();
  }
  const native = s.material;
  if (format === "spki") {
    if (s.type !== "public") throw unable();
    return toBuffer(new Uint8Array(K.encode(native, false, "der", "spki")));
  }
  if (format === "pkcs8") {
    if (s.type !== "private") throw unable();
    return toBuffer(new Uint8Array(K.encode(native, true, "der", "pkcs8")));
  }
  if (format === "raw") {
    if (s.type !== "public" || RSA.includes(name)) throw unable();
    const f = c.pkeyFields(native);
    if (EC.includes(name)) {
      const out = new Uint8Array(1 + f.x.length + f.y.length);
      out[0] = 4;
      out.set(f.x, 1);
      out.set(f.y, 1 + f.x.length);
      return out.buffer;
    }
    return toBuffer(f.x);
  }
  const jwk = { key_ops: [...s.usages], ext: s.extractable };
  if (RSA.includes(name)) jwk.alg = RSA_JWK_ALG[name][s.algorithm.hash.name];
  else if (name === "Ed25519" || name === "Ed448") jwk.alg = name;
  return Object.assign(jwk, K.jwkOf(native, s.type === "private"));
}

// ------------------------------------------------------- operations

function checkAlgorithmKey(a, key, usage, message) {
  const s = slots.get(key);
  if (s.algorithm.name !== a.name || !s.usages.includes(usage)) throw invalidAccess(message);
  return s;
}

function signVerify(op, a, key, data, signature) {
  const s = checkAlgorithmKey(a, key, op, `Unable to use this key to ${op}`);
  const name = a.name;
  if (name === "HMAC") {
    const mac = hmacOnce(HASHES[s.algorithm.hash.name], s.material, data);
    if (op === "sign") return toBuffer(mac);
    return signature.length === mac.length && c.timingSafeEqual(signature, mac);
  }
  const native = s.material;
  let digest = null, pad, salt;
  if (name === "ECDSA") digest = HASHES[a.hash.name];
  else if (name === "RSASSA-PKCS1-v1_5") {
    digest = HASHES[s.algorithm.hash.name];
    pad = 1;
  } else if (name === "RSA-PSS") {
    digest = HASHES[s.algorithm.hash.name];
    pad = 6;
    salt = Number(a.saltLength);
    const max = Math.ceil((K.info(native).bits - 1) / 8) - HASH_BYTES[s.algorithm.hash.name] - 2;
    if (!(salt >= 0 && salt <= max) || !Number.isInteger(salt))
      throw operationError(undefined, K.coded(RangeError, "ERR_OUT_OF_RANGE", `The value of "algorithm.saltLength" is out of range. It must be >= 0 && <= ${max}. Received ${salt}`));
  } else if (name === "Ed448" && a.context !== undefined && bytesOf(a.context).length > 0) {
    throw dom("Non zero-length context is not supported.", "NotSupportedError");
  }
  if (op === "sign") {
    let sig;
    try {
      sig = c.pkeySign(native, digest, data, pad, salt);
    } catch (err) {
      throw operationError(undefined, err);
    }
    if (name === "ECDSA") sig = K.derToP1363(sig, K.ecSize(native));
    return toBuffer(sig);
  }
  if (name === "ECDSA") {
    signature = K.p1363ToDer(signature, K.ecSize(native));
    if (!signature) return false;
  }
  try {
    return c.pkeyVerify(native, digest, data, signature, pad, salt);
  } catch (err) {
    throw operationError(undefined, err);
  }
}

function rsaOaep(a, key, data, encrypt) {
  const s = checkAlgorithmKey(a, key, encrypt ? "encrypt" : "decrypt", "The requested operation is not valid for the provided key");
  const label = a.label === undefined ? undefined : bytesOf(a.label);
  try {
    return toBuffer(c.pkeyCipher(s.material, encrypt ? 0 : 1, data, 4, HASHES[s.algorithm.hash.name], label));
  } catch (err) {
    throw operationError(undefined, err);
  }
}

function cipher(op, algorithm, key, data) {
  const encrypt = op === "encrypt";
  const a = normalize(algorithm, op);
  if (a.name === "RSA-OAEP") return rsaOaep(a, key, data, encrypt);
  return aes(a, key, data, encrypt);
}

// Truncate derived bits to `length` (null: all of them), as Node does.
function truncateBits(secret, length) {
  if (length === null || length === undefined) return toBuffer(secret);
  if (length > secret.length * 8) throw operationError("derived bit length is too small");
  const n = Math.ceil(length / 8);
  const out = secret.slice(0, n);
  if (length % 8) out[n - 1] &= 0xff << (8 - (length % 8));
  return out.buffer;
}

function deriveBitsSync(a, baseKey, length, usage) {
  const s = slots.get(baseKey);
  if (!s.usages.includes(usage)) throw invalidAccess(`baseKey does not have ${usage} usage`);
  const agreement = a.name === "ECDH" || a.name === "X25519" || a.name === "X448";
  const pub = agreement ? slots.get(a.public) : undefined;
  if (agreement) {
    if (pub.type !== "public") throw invalidAccess("algorithm.public must be a public key");
    if (pub.algorithm.name !== a.name) throw invalidAccess(`algorithm.public must be an ${a.name} key`);
  }
  if (s.algorithm.name !== a.name) throw invalidAccess("Key algorithm mismatch");
  if (agreement) {
    if (a.name === "ECDH" && pub.algorithm.namedCurve !== s.algorithm.namedCurve) throw invalidAccess("Named curve mismatch");
    let secret;
    try {
      secret = c.pkeyDerive(s.material, pub.material);
    } catch (err) {
      throw operationError(undefined, err);
    }
    return truncateBits(secret, length);
  }
  if (a.name === "HKDF") {
    if (length === null || length === undefined || length % 8 !== 0) throw operationError("length must be a multiple of 8");
    if (length / 8 > 255 * HASH_BYTES[a.hash.name]) throw operationError("The operation failed for an operation-specific reason");
    return toBuffer(hkdf(HASHES[a.hash.name], s.material, bytesOf(a.salt), bytesOf(a.info), length / 8));
  }
  if (a.iterations === 0) throw operationError("iterations cannot be zero");
  if (length === null || length === undefined || length % 8 !== 0) throw operationError("length must be a multiple of 8");
  const r = c.pbkdf2(s.material, bytesOf(a.salt), a.iterations, length / 8, HASHES[a.hash.name]);
  if (r === 0) throw notSupported();
  return toBuffer(r);
}

const methods = {
  async encrypt(algorithm, key, data) {
    argCount("encrypt", arguments, 3);
    keyArg("encrypt", key, 1);
    data = bufferArg("encrypt", data, 2);
    return cipher("encrypt", algorithm, key, data);
  },

  async decrypt(algorithm, key, data) {
    argCount("decrypt", arguments, 3);
    keyArg("decrypt", key, 1);
    data = bufferArg("decrypt", data, 2);
    return cipher("decrypt", algorithm, key, data);
  },

  async sign(algorithm, key, data) {
    argCount("sign", arguments, 3);
    keyArg("sign", key, 1);
    data = bufferArg("sign", data, 2);
    return signVerify("sign", normalize(algorithm, "sign"), key, data);
  },

  async verify(algorithm, key, signature, data) {
    argCount("verify", arguments, 4);
    keyArg("verify", key, 1);
    signature = bufferArg("verify", signature, 2);
    data = bufferArg("verify", data, 3);
    return signVerify("verify", normalize(algorithm, "verify"), key, data, signature);
  },

  async digest(algorithm, data) {
    argCount("digest", arguments, 2);
    const bytes = bufferArg("digest", data, 1);
    const a = normalize(algorithm, "digest");
    return toBuffer(digestOf(a.name, bytes));
  },

  async generateKey(algorithm, extractable, keyUsages) {
    argCount("generateKey", arguments, 3);
    const usages = uniq(usagesArg("generateKey", keyUsages, 2));
    const a = normalize(algorithm, "generateKey");
    if (a.name === "HMAC") {
      checkUsages(usages, "HMAC", "secret", true);
      if (usages.some((u) => u !== "sign" && u !== "verify")) throw syntaxError("Unsupported key usage for an HMAC key");
      const length = a.length === undefined ? HASH_BLOCK[a.hash.name] * 8 : a.length;
      if (length === 0) throw operationError("Zero-length key is not supported");
      const bytes = new Uint8Array(Math.ceil(length / 8));
      host.randomFill(bytes);
      if (usages.length === 0) throw syntaxError("Usages cannot be empty when creating a key.");
      return makeKey("secret", extractable, { name: "HMAC", length, hash: { name: a.hash.name } }, usages, bytes);
    }
    if (a.name.startsWith("AES-")) {
      const ok = a.name === "AES-KW" ? ["wrapKey", "unwrapKey"] : ["encrypt", "decrypt", "wrapKey", "unwrapKey"];
      if (usages.some((u) => !ok.includes(u))) throw syntaxError(`Unsupported key usage for an AES key`);
      if (![128, 192, 256].includes(a.length)) throw operationError("AES key length must be 128, 192 or 256 bits");
      const bytes = new Uint8Array(a.length / 8);
      host.randomFill(bytes);
      if (usages.length === 0) throw syntaxError("Usages cannot be empty when creating a key.");
      return makeKey("secret", extractable, { name: a.name, length: a.length }, usages, bytes);
    }
    return generateAsymmetric(a, extractable, usages);
  },

  async deriveKey(algorithm, baseKey, derivedKeyType, extractable, keyUsages) {
    argCount("deriveKey", arguments, 5);
    keyArg("deriveKey", baseKey, 1);
    const usages = usagesArg("deriveKey", keyUsages, 4);
    const a = normalize(algorithm, "deriveBits");
    const d = normalize(derivedKeyType, "importKey");
    const length = d.length || (d.name === "HMAC" ? HASH_BLOCK[d.hash.name] * 8 : d.name.startsWith("AES-") ? undefined : 256);
    if (length === undefined) throw missingMember("AesDerivedKeyParams", "length");
    const bits = deriveBitsSync(a, baseKey, length, "deriveKey");
    return importKeySync("raw", new Uint8Array(bits), d, extractable, usages);
  },

  async deriveBits(algorithm, baseKey, length = null) {
    argCount("deriveBits", arguments, 2);
    keyArg("deriveBits", baseKey, 1);
    const a = normalize(algorithm, "deriveBits");
    return deriveBitsSync(a, baseKey, length === null || length === undefined ? null : Number(length) >>> 0, "deriveBits");
  },

  async importKey(format, keyData, algorithm, extractable, keyUsages) {
    argCount("importKey", arguments, 5);
    formatArg("importKey", format);
    if (format === "jwk") {
      if (keyData === null || (typeof keyData !== "object" && typeof keyData !== "function") || keyData === undefined)
        throw webidl("ERR_INVALID_ARG_TYPE", "Failed to execute 'importKey' on 'SubtleCrypto': 2nd argument can not be converted to a dictionary");
    } else keyData = bufferArg("importKey", keyData, 1);
    const usages = usagesArg("importKey", keyUsages, 4);
    const a = normalize(algorithm, "importKey");
    if (format === "jwk" && isBufferSource(keyData)) throw dataError("Invalid keyData");
    return importKeySync(format, keyData, a, extractable, usages);
  },

  async exportKey(format, key) {
    argCount("exportKey", arguments, 2);
    formatArg("exportKey", format);
    keyArg("exportKey", key, 1);
    // Node 22 names this one "InvalidAccessException"; we match it.
    if (!key.extractable) throw dom("key is not extractable", "InvalidAccessException");
    return exportKeySync(format, key);
  },

  async wrapKey(format, key, wrappingKey, wrapAlgorithm) {
    argCount("wrapKey", arguments, 4);
    formatArg("wrapKey", format);
    keyArg("wrapKey", key, 1);
    keyArg("wrapKey", wrappingKey, 2);
    const a = normalizeWrap(wrapAlgorithm);
    checkAlgorithmKey(a, wrappingKey, "wrapKey", "The requested operation is not valid for the provided key");
    if (!key.extractable) throw dom("key is not extractable", "InvalidAccessException");
    let bytes = exportKeySync(format, key);
    if (format === "jwk") {
      let json = JSON.stringify(bytes);
      if (a.name === "AES-KW") json += " ".repeat((8 - (json.length % 8)) % 8);
      bytes = new TextEncoder().encode(json);
    } else bytes = new Uint8Array(bytes);
    return wrapBytes(a, wrappingKey, bytes, true, "wrapKey");
  },

  async unwrapKey(format, wrappedKey, unwrappingKey, unwrapAlgorithm, unwrappedKeyAlgorithm, extractable, keyUsages) {
    argCount("unwrapKey", arguments, 7);
    formatArg("unwrapKey", format);
    const data = bufferArg("unwrapKey", wrappedKey, 1);
    keyArg("unwrapKey", unwrappingKey, 2);
    const usages = usagesArg("unwrapKey", keyUsages, 6);
    const a = normalizeWrap(unwrapAlgorithm);
    const ka = normalize(unwrappedKeyAlgorithm, "importKey");
    checkAlgorithmKey(a, unwrappingKey, "unwrapKey", "The requested operation is not valid for the provided key");
    let keyData = new Uint8Array(wrapBytes(a, unwrappingKey, data, false, "unwrapKey"));
    if (format === "jwk") {
      try {
        keyData = JSON.parse(new TextDecoder().decode(keyData));
      } catch (err) {
        throw dataError("Invalid wrapped JWK key", err);
      }
    }
    return importKeySync(format, keyData, ka, extractable, usages);
  },
};

// The algorithm of wrapKey/unwrapKey: AES-KW, or one that encrypts.
function normalizeWrap(alg) {
  const name = typeof alg === "string" ? alg : alg !== null && typeof alg === "object" ? alg.name : undefined;
  if (typeof name === "string" && name.toUpperCase() === "AES-KW") return normalize(alg, "get");
  return normalize(alg, "encrypt");
}

// Encrypt or decrypt for wrapKey/unwrapKey with the wrapping key's usage.
function wrapBytes(a, key, data, wrap, usage) {
  const s = slots.get(key);
  if (a.name !== "AES-KW") {
    if (a.name === "RSA-OAEP") {
      const label = a.label === undefined ? undefined : bytesOf(a.label);
      try {
        return toBuffer(c.pkeyCipher(s.material, wrap ? 0 : 1, data, 4, HASHES[s.algorithm.hash.name], label));
      } catch (err) {
        throw operationError(undefined, err);
      }
    }
    return aesRun(a, s, data, wrap);
  }
  // RFC 3394 with its default initial value
  if (data.length % 8 !== 0 || data.length < (wrap ? 16 : 24)) throw operationError();
  const id = c.cipherNew(`id-aes${s.algorithm.length}-wrap`, s.material, new Uint8Array(8).fill(0xa6), wrap, 0);
  if (!id) throw notSupported();
  try {
    const body = c.cipherUpdate(id, data);
    const fin = c.cipherFinal(id, 0);
    const out = new Uint8Array(body.length + fin.data.length);
    out.set(body);
    out.set(fin.data, body.length);
    return out.buffer;
  } catch (err) {
    c.release(id);
    throw operationError(undefined, err);
  }
}

function aes(a, key, data, encrypt) {
  if (!a.name.startsWith("AES-") || a.name === "AES-KW") throw notSupported();
  const s = checkAlgorithmKey(a, key, encrypt ? "encrypt" : "decrypt", "The requested operation is not valid for the provided key");
  return aesRun(a, s, data, encrypt);
}

function aesRun(a, s, data, encrypt) {
  const name = `aes-${s.algorithm.length}-${a.name.slice(4).toLowerCase()}`;
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
  let input = data;
  const tagBits = a.tagLength === undefined ? 128 : a.tagLength;
  if (a.name === "AES-GCM" && ![32, 64, 96, 104, 112, 120, 128].includes(tagBits)) throw operationError(`${tagBits} is not a valid AES-GCM tag length`);
  const tagLength = tagBits / 8;
  let tag;
  if (a.name === "AES-GCM" && !encrypt) {
    if (input.length < tagLength) throw operationError("The provided data is too small.");
    tag = input.subarray(input.length - tagLength);
    input = input.subarray(0, input.length - tagLength);
  }
  const id = c.cipherNew(name, s.material, iv, encrypt, tagLength);
  if (!id) throw notSupported();
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
  Object.defineProperty(SubtleCrypto.prototype, name, { value: fn, writable: true, configurable: true, enumerable: true });

// ------------------------------------------ KeyObject <-> CryptoKey

// KeyObject.from(cryptoKey): a KeyObject over the same material.
function keyObjectOf(key) {
  const s = slots.get(key);
  if (s.type === "secret") return new K.SecretKeyObject(s.material);
  return s.type === "private" ? new K.PrivateKeyObject(s.material) : new K.PublicKeyObject(c.pkeyPublic(s.material));
}

// keyObject.toCryptoKey(algorithm, extractable, usages), synchronous.
function cryptoKeyOf(keyObject, algorithm, extractable, keyUsages) {
  const usages = usagesArg("importKey", keyUsages, 2);
  const a = normalize(algorithm, "importKey");
  const native = keyObject[K.kHandle];
  if (keyObject.type === "secret") return importKeySync("raw", native, a, extractable, usages);
  const isPrivate = keyObject.type === "private";
  return importKeySync(isPrivate ? "pkcs8" : "spki", K.encode(native, isPrivate, "der", isPrivate ? "pkcs8" : "spki"), a, extractable, usages);
}

exports.subtle = new SubtleCrypto(kConstruct);
exports.SubtleCrypto = SubtleCrypto;
exports.CryptoKey = CryptoKey;
exports.hkdf = hkdf;
exports.digestSize = digestSize;
exports.keyObjectOf = keyObjectOf;
exports.cryptoKeyOf = cryptoKeyOf;
