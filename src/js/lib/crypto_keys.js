// crypto_keys.js - asymmetric keys over host.crypto's pkey* primitives
// (OpenSSL EVP_PKEYs held by native objects that free them when collected),
// shared by subtle.js (CryptoKey) and node_crypto.js (KeyObject): key input
// in Node's forms (PEM, DER, JWK, KeyObject, CryptoKey), JWK import and
// export, ECDSA signature encodings, and the KeyObject classes.
"use strict";

const c = host.crypto;
const tasks = require("tasks");

function B() { return require("node_buffer").Buffer; }

function coded(Ctor, code, message) {
  const err = new Ctor(message);
  err.code = code;
  return err;
}

const show = (v) => tasks.describe(v);
const argType = (name, expected, value) =>
  coded(TypeError, "ERR_INVALID_ARG_TYPE", `The "${name}" argument must be ${expected}. Received ${show(value)}`);
const propType = (name, expected, value) =>
  coded(TypeError, "ERR_INVALID_ARG_TYPE", `The "${name}" property must be ${expected}. Received ${show(value)}`);
// util.inspect's rendering of a value, as Node's "is invalid" messages show it.
function inspectValue(v) {
  return require("web_errors").inspectValue(v);
}
const invalidProp = (name, value) =>
  coded(TypeError, "ERR_INVALID_ARG_VALUE", `The property '${name}' is invalid. Received ${inspectValue(value)}`);
const oneOf = (name, list, value) =>
  coded(TypeError, "ERR_INVALID_ARG_VALUE", `The property '${name}' must be one of: ${list.map((x) => x === undefined ? "undefined" : `'${x}'`).join(", ")}. Received ${inspectValue(value)}`);

const isBytes = (v) => ArrayBuffer.isView(v) || v instanceof ArrayBuffer;
function bytesOf(v) {
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}
const latin1 = (u8) => { let s = ""; for (let i = 0; i < u8.length; i += 8192) s += String.fromCharCode.apply(null, u8.subarray(i, i + 8192)); return s; };

// ------------------------------------------------------------ base64url

function b64url(bytes) {
  return B().from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url");
}
// Node decodes JWK members leniently (Buffer's base64 decoder).
function fromB64url(s) {
  return new Uint8Array(B().from(s, "base64"));
}

// ------------------------------------------------------------- curves

// WebCrypto and JWK curve names and OpenSSL's.
const CURVE_TO_OSSL = { "P-256": "prime256v1", "P-384": "secp384r1", "P-521": "secp521r1", secp256k1: "secp256k1" };
const CURVE_FROM_OSSL = { prime256v1: "P-256", secp384r1: "P-384", secp521r1: "P-521", secp256k1: "secp256k1" };
const OKP_TYPES = { Ed25519: "ED25519", Ed448: "ED448", X25519: "X25519", X448: "X448" };
const OKP_NAMES = { ed25519: "Ed25519", ed448: "Ed448", x25519: "X25519", x448: "X448" };
const OKP_SIZES = { Ed25519: 32, X25519: 32, Ed448: 57, X448: 56 };

// ------------------------------------------------------- native keys

// Information about a native key, cached on it.
const infoCache = new WeakMap();
function info(native) {
  let i = infoCache.get(native);
  if (!i) {
    i = c.pkeyInfo(native);
    infoCache.set(native, i);
  }
  return i;
}

function bigintOf(bytes) {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

// Node's asymmetricKeyDetails for a native key.
function details(native) {
  const i = info(native);
  if (i.type === "rsa" || i.type === "rsa-pss") {
    const d = { modulusLength: i.bits, publicExponent: bigintOf(i.e) };
    if (i.type === "rsa-pss" && i.digest) {
      d.hashAlgorithm = i.digest.toLowerCase().replace(/^sha2-/, "sha").replace(/^sha(\d)$/, "sha$1");
      d.mgf1HashAlgorithm = (i.mgf1Digest || i.digest).toLowerCase().replace(/^sha2-/, "sha");
      if (i.saltLength !== undefined) d.saltLength = i.saltLength;
    }
    return d;
  }
  if (i.type === "ec") return { namedCurve: i.curve };
  return {};
}

// --------------------------------------------------------------- JWK

// The native key for a JWK (Node's createPrivateKey/createPublicKey with
// format 'jwk'). Node's checks and messages; `isPublic` selects the public
// key of a private JWK.
function nativeFromJwk(jwk, isPublic) {
  const kty = jwk.kty;
  if (kty !== "RSA" && kty !== "EC" && kty !== "OKP") throw oneOf("key.kty", ["RSA", "EC", "OKP"], kty);
  const str = (name) => {
    if (typeof jwk[name] !== "string") throw propType(`key.${name}`, "of type string", jwk[name]);
    return jwk[name];
  };
  if (kty === "OKP") {
    const crv = jwk.crv;
    if (!OKP_TYPES[crv]) throw oneOf("key.crv", ["Ed25519", "Ed448", "X25519", "X448"], crv);
    const x = fromB64url(str("x"));
    const fields = {};
    if (!isPublic) fields.priv = fromB64url(str("d"));
    else fields.pub = x;
    const want = OKP_SIZES[crv];
    if ((fields.priv || fields.pub).length !== want) throw coded(TypeError, "ERR_CRYPTO_INVALID_JWK", "Invalid JWK data");
    try {
      return c.pkeyFromData(OKP_TYPES[crv], fields);
    } catch {
      throw coded(TypeError, "ERR_CRYPTO_INVALID_JWK", "Invalid JWK data");
    }
  }
  if (kty === "EC") {
    const crv = jwk.crv;
    if (!CURVE_TO_OSSL[crv] || crv === undefined) throw oneOf("key.crv", ["P-256", "secp256k1", "P-384", "P-521"], crv);
    const x = fromB64url(str("x")), y = fromB64url(str("y"));
    const fields = { group: CURVE_TO_OSSL[crv] };
    if (!isPublic) fields.priv = fromB64url(str("d"));
    const size = { "P-256": 32, secp256k1: 32, "P-384": 48, "P-521": 66 }[crv];
    if (x.length !== size || y.length !== size || (fields.priv && fields.priv.length !== size))
      throw coded(TypeError, "ERR_CRYPTO_INVALID_JWK", "Invalid JWK EC key");
    const pub = new Uint8Array(1 + 2 * size);
    pub[0] = 4;
    pub.set(x, 1);
    pub.set(y, 1 + size);
    fields.pub = pub;
    try {
      return c.pkeyFromData("EC", fields);
    } catch {
      throw coded(TypeError, "ERR_CRYPTO_INVALID_JWK", "Invalid JWK EC key");
    }
  }
  const fields = { n: fromB64url(str("n")), e: fromB64url(str("e")) };
  if (!isPublic) for (const m of ["d", "p", "q", "dp", "dq", "qi"]) fields[m] = fromB64url(str(m));
  try {
    return c.pkeyFromData("RSA", fields);
  } catch {
    throw coded(TypeError, "ERR_CRYPTO_INVALID_JWK", "Invalid JWK RSA key");
  }
}

// The JWK members of a native key, in Node's order.
function jwkOf(native, isPrivate) {
  const i = info(native);
  const f = c.pkeyFields(native);
  if (i.type === "rsa") {
    const j = { kty: "RSA", n: b64url(f.n), e: b64url(f.e) };
    if (isPrivate) for (const m of ["d", "p", "q", "dp", "dq", "qi"]) j[m] = b64url(f[m]);
    return j;
  }
  if (i.type === "ec") {
    const crv = CURVE_FROM_OSSL[i.curve];
    if (!crv) throw coded(Error, "ERR_CRYPTO_JWK_UNSUPPORTED_CURVE", `Unsupported JWK EC curve: ${i.curve}.`);
    const j = { kty: "EC", x: b64url(f.x), y: b64url(f.y), crv };
    if (isPrivate) j.d = b64url(f.d);
    return j;
  }
  if (OKP_NAMES[i.type]) {
    const j = { crv: OKP_NAMES[i.type] };
    if (isPrivate) j.d = b64url(f.d);
    j.x = b64url(f.x);
    j.kty = "OKP";
    return j;
  }
  throw coded(Error, "ERR_CRYPTO_JWK_UNSUPPORTED_KEY_TYPE", "Unsupported JWK Key Type.");
}

// ------------------------------------------------------- PEM and DER

// Decode a key given as PEM or DER bytes; OpenSSL's errors as Node gives them.
function decode(data, format, type, wantPrivate, passphrase) {
  const bytes = typeof data === "string" ? new Uint8Array(B().from(data, "utf8")) : bytesOf(data);
  // an encrypted PKCS#8 DER key is an EncryptedPrivateKeyInfo: any structure
  const structure = format === "pem" || (type === "pkcs8" && passphrase !== undefined && passphrase !== null) ? null
    : { pkcs8: "PrivateKeyInfo", spki: "SubjectPublicKeyInfo", pkcs1: "type-specific", sec1: "type-specific" }[type] || null;
  const keyType = type === "pkcs1" ? "RSA" : type === "sec1" ? "EC" : null;
  const pass = passphrase === undefined || passphrase === null ? undefined
    : typeof passphrase === "string" ? new Uint8Array(B().from(passphrase, "utf8")) : bytesOf(passphrase);
  return c.pkeyDecode(bytes, format === "pem" ? "PEM" : "DER", structure, keyType, wantPrivate, pass);
}

// Encode a native key as Node's export()/keygen encodings do: {format,
// type, cipher, passphrase}, already checked.
function encode(native, isPrivate, format, type, cipher, passphrase) {
  const structure = type === "spki" ? "SubjectPublicKeyInfo"
    : type === "pkcs8" ? (cipher ? "EncryptedPrivateKeyInfo" : "PrivateKeyInfo")
    : "type-specific";
  const pass = passphrase === undefined ? undefined
    : typeof passphrase === "string" ? new Uint8Array(B().from(passphrase, "utf8")) : bytesOf(passphrase);
  const out = c.pkeyEncode(native, format === "pem" ? "PEM" : "DER", structure, cipher, pass);
  return format === "pem" ? latin1(out) : B().from(out.buffer, out.byteOffset, out.byteLength);
}

// Node's checks of a key encoding ({format, type, cipher, passphrase}) for
// export() and for generateKeyPair's publicKeyEncoding/privateKeyEncoding.
// `prefix` names the options object in messages ("options" or
// "options.publicKeyEncoding"); keyType is the asymmetric key type.
function checkEncoding(enc, isPublic, keyType, prefix) {
  const format = enc.format;
  if (format === "jwk") return { format };
  if (format !== "pem" && format !== "der") throw invalidProp(`${prefix}.format`, format);
  const type = enc.type;
  const ok = isPublic ? ["pkcs1", "spki"] : ["pkcs1", "pkcs8", "sec1"];
  if (!ok.includes(type)) throw invalidProp(`${prefix}.type`, type);
  if (type === "pkcs1" && keyType !== undefined && keyType !== "rsa")
    throw coded(Error, "ERR_CRYPTO_INCOMPATIBLE_KEY_OPTIONS", "The selected key encoding pkcs1 can only be used for RSA keys.");
  if (type === "sec1" && keyType !== undefined && keyType !== "ec")
    throw coded(Error, "ERR_CRYPTO_INCOMPATIBLE_KEY_OPTIONS", "The selected key encoding sec1 can only be used for EC keys.");
  let cipher, passphrase;
  if (!isPublic) {
    cipher = enc.cipher;
    passphrase = enc.passphrase;
    if (cipher !== undefined) {
      if (typeof cipher !== "string") throw invalidProp(`${prefix}.cipher`, cipher);
      if (format === "der" && type !== "pkcs8")
        throw coded(Error, "ERR_CRYPTO_INCOMPATIBLE_KEY_OPTIONS", `The selected key encoding ${type} does not support encryption.`);
      if (passphrase === undefined || !(typeof passphrase === "string" || isBytes(passphrase)))
        throw invalidProp(`${prefix}.passphrase`, passphrase);
      if (!c.cipherInfo(cipher)) throw coded(Error, "ERR_CRYPTO_UNKNOWN_CIPHER", "Unknown cipher");
    } else if (passphrase !== undefined) {
      throw invalidProp(`${prefix}.cipher`, cipher);
    }
  }
  return { format, type, cipher, passphrase };
}

// ------------------------------------------------------ ECDSA encodings

// DER (SEQUENCE of INTEGER r, INTEGER s) to r||s, each n bytes.
function derToP1363(der, n) {
  let p = 2;
  if (der[1] & 0x80) p = 2 + (der[1] & 0x7f);
  const out = new Uint8Array(2 * n);
  for (let k = 0; k < 2; k++) {
    const len = der[p + 1];
    let v = der.subarray(p + 2, p + 2 + len);
    while (v.length > n && v[0] === 0) v = v.subarray(1);
    out.set(v, k * n + (n - v.length));
    p += 2 + len;
  }
  return out;
}

// r||s to DER; null when the length is not 2n.
function p1363ToDer(sig, n) {
  if (sig.length !== 2 * n) return null;
  const ints = [];
  for (let k = 0; k < 2; k++) {
    let v = sig.subarray(k * n, (k + 1) * n);
    let z = 0;
    while (z < v.length - 1 && v[z] === 0) z++;
    v = v.subarray(z);
    const pad = v[0] & 0x80 ? 1 : 0;
    const int = new Uint8Array(2 + pad + v.length);
    int[0] = 2;
    int[1] = pad + v.length;
    int.set(v, 2 + pad);
    ints.push(int);
  }
  const body = ints[0].length + ints[1].length;
  const head = body < 128 ? [0x30, body] : [0x30, 0x81, body];
  const out = new Uint8Array(head.length + body);
  out.set(head);
  out.set(ints[0], head.length);
  out.set(ints[1], head.length + ints[0].length);
  return out;
}

// Bytes of one ECDSA component for a native EC key.
const ecSize = (native) => Math.ceil(info(native).bits / 8);

// ---------------------------------------------------------- KeyObject

const kKeyType = Symbol("kKeyType");
const kAsymmetricKeyType = Symbol("kAsymmetricKeyType");
const kAsymmetricKeyDetails = Symbol("kAsymmetricKeyDetails");
const kHandle = Symbol("kHandle");
const kConstruct = Symbol("construct");

class KeyObject {
  constructor(type, handle) {
    if (type !== "secret" && type !== "public" && type !== "private") throw coded(TypeError, "ERR_INVALID_ARG_VALUE", `The argument 'type' is invalid. Received ${inspectValue(type)}`);
    if (handle !== kConstruct) throw argType("handle", "of type object", handle);
    this[kKeyType] = type;
  }
  get type() { return this[kKeyType]; }
  static from(key) {
    const sub = require("subtle");
    if (!(key instanceof sub.CryptoKey)) throw argType("key", "an instance of CryptoKey", key);
    return sub.keyObjectOf(key);
  }
  equals(otherKeyObject) {
    if (!(otherKeyObject instanceof KeyObject)) throw argType("otherKeyObject", "an instance of KeyObject", otherKeyObject);
    if (otherKeyObject.type !== this.type) return false;
    const a = this[kHandle], b = otherKeyObject[kHandle];
    if (this.type === "secret") {
      if (a.length !== b.length) return false;
      return a.length === 0 || c.timingSafeEqual(a, b);
    }
    return c.pkeyEquals(a, b);
  }
}
Object.defineProperty(KeyObject.prototype, Symbol.toStringTag, { value: "KeyObject", configurable: true });

function setHandle(obj, handle) {
  Object.defineProperty(obj, kHandle, { value: handle, enumerable: false, configurable: false, writable: false });
}

class SecretKeyObject extends KeyObject {
  constructor(bytes) {
    super("secret", kConstruct);
    setHandle(this, bytes);
  }
  get symmetricKeySize() { return this[kHandle].length; }
  export(options) {
    if (options !== undefined) {
      if (options === null || typeof options !== "object") throw argType("options", "of type object", options);
      const f = options.format;
      if (f !== undefined && f !== "buffer" && f !== "jwk") throw oneOf("options.format", [undefined, "buffer", "jwk"], f);
      if (f === "jwk") return { kty: "oct", k: b64url(this[kHandle]) };
    }
    return B().from(this[kHandle]);
  }
  toCryptoKey(algorithm, extractable, keyUsages) {
    return require("subtle").cryptoKeyOf(this, algorithm, extractable, keyUsages);
  }
}

class AsymmetricKeyObject extends KeyObject {
  constructor(type, native) {
    super(type, kConstruct);
    setHandle(this, native);
    this[kAsymmetricKeyType] = info(native).type;
  }
  get asymmetricKeyType() { return this[kAsymmetricKeyType]; }
  get asymmetricKeyDetails() {
    // Node caches the details of the key types that have any.
    if (!["rsa", "rsa-pss", "dsa", "ec"].includes(this[kAsymmetricKeyType])) return {};
    if (!(kAsymmetricKeyDetails in this)) this[kAsymmetricKeyDetails] = details(this[kHandle]);
    return { ...this[kAsymmetricKeyDetails] };
  }
  toCryptoKey(algorithm, extractable, keyUsages) {
    return require("subtle").cryptoKeyOf(this, algorithm, extractable, keyUsages);
  }
}

function exportAsymmetric(key, options, isPublic) {
  if (options === null || typeof options !== "object") throw argType("options", "of type object", options);
  const keyType = key[kAsymmetricKeyType];
  const enc = checkEncoding(options, isPublic, keyType, "options");
  if (enc.format === "jwk") return jwkOf(key[kHandle], !isPublic);
  return encode(key[kHandle], !isPublic, enc.format, enc.type, enc.cipher, enc.passphrase);
}

class PublicKeyObject extends AsymmetricKeyObject {
  constructor(native) { super("public", native); }
  export(options) { return exportAsymmetric(this, options, true); }
}

class PrivateKeyObject extends AsymmetricKeyObject {
  constructor(native) { super("private", native); }
  export(options) { return exportAsymmetric(this, options, false); }
}

function isCryptoKey(v) {
  if (v === null || typeof v !== "object") return false;
  const sub = require("subtle");
  return v instanceof sub.CryptoKey;
}

// ----------------------------------------------- Node's key arguments

const KEY_EXPECTED = "of type string or an instance of ArrayBuffer, Buffer, TypedArray, DataView, KeyObject, or CryptoKey";

// What Node's prepareAsymmetricKey accepts, resolved to {native, options}:
// `ctx` "private" (sign, privateDecrypt), "public" (verify, publicEncrypt:
// a private key yields its public key), "createPrivate" (createPrivateKey's
// narrower types) or "createPublic" (a KeyObject must be private).
function prepareKey(key, ctx, argName = "key") {
  const wantPrivate = ctx === "private" || ctx === "createPrivate";
  const koPrivate = ctx !== "public";
  const expected = ctx === "createPrivate" ? "of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView" : KEY_EXPECTED;
  let data = key, opts = {};
  const fromKeyObject = (ko) => {
    if (ctx === "createPrivate") throw argType(argName, expected, ko);
    if (ko.type === "secret") throw coded(TypeError, "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE", `Invalid key object type secret, expected ${koPrivate ? "private" : "private or public"}.`);
    if (koPrivate && ko.type !== "private") throw coded(TypeError, "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE", `Invalid key object type ${ko.type}, expected private.`);
    return ko[kHandle];
  };
  if (key instanceof KeyObject) return { native: fromKeyObject(key), options: opts };
  if (isCryptoKey(key)) {
    // Node turns a CryptoKey into a KeyObject first, and says so.
    if (ctx === "createPrivate") throw argType(argName, expected, require("subtle").keyObjectOf(key));
    return { native: fromKeyObject(require("subtle").keyObjectOf(key)), options: opts };
  }
  if (key !== null && typeof key === "object" && !isBytes(key)) {
    opts = key;
    data = key.key;
    if (data instanceof KeyObject) return { native: fromKeyObject(data), options: opts };
    if (isCryptoKey(data)) {
      if (ctx === "createPrivate") throw propType(`${argName}.key`, expected, data);
      return { native: fromKeyObject(require("subtle").keyObjectOf(data)), options: opts };
    }
    const format = opts.format === undefined ? "pem" : opts.format;
    if (format === "jwk") {
      if (data === null || typeof data !== "object") throw propType(`${argName}.key`, "of type object", data);
      return { native: nativeFromJwk(data, !wantPrivate), options: opts };
    }
    if (typeof data !== "string" && !isBytes(data)) throw propType(`${argName}.key`, expected, data);
    if (format !== "pem" && format !== "der") throw invalidProp("options.format", format);
    if (format === "der") {
      const types = wantPrivate ? ["pkcs1", "pkcs8", "sec1"] : ["pkcs1", "spki", "pkcs8", "sec1"];
      if (!types.includes(opts.type)) throw invalidProp("options.type", opts.type);
    }
    const text = typeof data === "string" && opts.encoding && opts.encoding !== "utf8" ? B().from(data, opts.encoding) : data;
    return { native: decodeArg(text, format, opts.type, wantPrivate, opts.passphrase), options: opts };
  }
  if (typeof key !== "string" && !isBytes(key)) throw argType(argName, expected, key);
  return { native: decodeArg(key, "pem", undefined, wantPrivate, undefined), options: opts };
}

// OpenSSL's error for an encrypted PEM key read without a passphrase, as
// Node 22 reports it (the decoder here would say "passed invalid argument").
function noPassphraseError() {
  const err = new Error("error:07880109:common libcrypto routines::interrupted or cancelled");
  err.library = "common libcrypto routines";
  err.reason = "interrupted or cancelled";
  err.code = "ERR_OSSL_CRYPTO_INTERRUPTED_OR_CANCELLED";
  return err;
}

// The SubjectPublicKeyInfo inside a DER X.509 certificate, or null:
// Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version
// OPTIONAL, serialNumber, signature, issuer, validity, subject,
// subjectPublicKeyInfo, ... }, ... }
function spkiOfCertificate(der) {
  const tlv = (p) => {
    if (p + 2 > der.length) return null;
    let len = der[p + 1], hdr = 2;
    if (len & 0x80) {
      const n = len & 0x7f;
      if (n < 1 || n > 3 || p + 2 + n > der.length) return null;
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + der[p + 2 + i];
      hdr = 2 + n;
    }
    if (p + hdr + len > der.length) return null;
    return { tag: der[p], start: p, body: p + hdr, end: p + hdr + len };
  };
  const cert = tlv(0);
  if (!cert || cert.tag !== 0x30) return null;
  const tbs = tlv(cert.body);
  if (!tbs || tbs.tag !== 0x30) return null;
  let el = tlv(tbs.body);
  if (el && el.tag === 0xa0) el = tlv(el.end);
  for (let i = 0; i < 5 && el; i++) el = tlv(el.end); // serial, signature, issuer, validity, subject
  return el && el.tag === 0x30 ? der.subarray(el.start, el.end) : null;
}

function asn1Error() {
  const err = new Error("error:068000A8:asn1 encoding routines::wrong tag");
  err.library = "asn1 encoding routines";
  err.reason = "wrong tag";
  err.code = "ERR_OSSL_ASN1_WRONG_TAG";
  return err;
}

function decodeArg(data, format, type, wantPrivate, passphrase) {
  if (format === "pem") {
    const text = typeof data === "string" ? data : latin1(bytesOf(data).subarray(0, 4096));
    if ((passphrase === undefined || passphrase === null) &&
        /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(text)) throw noPassphraseError();
    // A public key may come from an X.509 certificate, as in Node.
    const cert = wantPrivate === false && /-----BEGIN CERTIFICATE-----\r?\n([A-Za-z0-9+/=\r\n]*)-----END CERTIFICATE-----/.exec(
      typeof data === "string" ? data : latin1(bytesOf(data)));
    if (cert) {
      const spki = spkiOfCertificate(new Uint8Array(B().from(cert[1], "base64")));
      if (!spki) throw asn1Error();
      return c.pkeyDecode(spki, "DER", "SubjectPublicKeyInfo", null, false);
    }
  }
  // a public key asked of a private key's DER: its public half
  if (!wantPrivate && format === "der" && (type === "pkcs8" || type === "sec1"))
    return c.pkeyPublic(decode(data, format, type, true, passphrase));
  return decode(data, format, type, wantPrivate, passphrase);
}

// A native key as a public key (the public half of a private one).
function publicOf(native) {
  return info(native).private ? c.pkeyPublic(native) : native;
}

Object.assign(exports, {
  KeyObject, SecretKeyObject, PublicKeyObject, PrivateKeyObject, kHandle,
  prepareKey, publicOf, info, decode, encode, checkEncoding, nativeFromJwk, jwkOf,
  derToP1363, p1363ToDer, ecSize, b64url, fromB64url, bytesOf, isBytes, coded, argType, propType, invalidProp,
  OKP_TYPES, OKP_SIZES,
});
