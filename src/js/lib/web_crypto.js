// The `crypto` global (Web Crypto's Crypto interface) as Node 22 has it:
// getRandomValues(), randomUUID() and `subtle` (loaded from subtle.js on
// first use, so start-up pays nothing for it).
"use strict";

const { DOMException } = require("dom_exception");
const { illegalConstructor, invalidThis, webidlError } = require("web_errors");

const kConstruct = Symbol("kConstruct");
const TypedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
const taTag = Object.getOwnPropertyDescriptor(TypedArrayProto, Symbol.toStringTag).get;
const taBuffer = Object.getOwnPropertyDescriptor(TypedArrayProto, "buffer").get;
const taByteOffset = Object.getOwnPropertyDescriptor(TypedArrayProto, "byteOffset").get;
const taByteLength = Object.getOwnPropertyDescriptor(TypedArrayProto, "byteLength").get;

// getRandomValues() takes integer typed arrays only (no floats, no DataView).
const integerArrays = new Set([
  "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array",
  "Int32Array", "Uint32Array", "BigInt64Array", "BigUint64Array",
]);

const kMaxRandomBytes = 65536;

// randomUUID() draws from a pool filled 128 UUIDs at a time, since a host
// call per UUID costs more than the bytes.
const kUUIDsPerPool = 128;
const uuidPool = new Uint8Array(16 * kUUIDsPerPool);
let uuidPoolOffset = uuidPool.length;

const hex = [];
for (let i = 0; i < 256; i++) hex.push(i.toString(16).padStart(2, "0"));

class Crypto {
  #brand = true;

  constructor(token = undefined) {
    if (token !== kConstruct) throw illegalConstructor();
  }

  get subtle() {
    if (!(#brand in Object(this))) throw invalidThis("Crypto");
    return require("subtle").subtle;
  }

  getRandomValues(typedArray) {
    if (!(#brand in Object(this))) throw invalidThis("Crypto");
    if (arguments.length < 1) {
      throw webidlError(
        "ERR_MISSING_ARGS",
        "Failed to execute 'getRandomValues' on 'Crypto': 1 argument required, but only 0 present.",
      );
    }
    const tag = ArrayBuffer.isView(typedArray) ? Reflect.apply(taTag, typedArray, []) : undefined;
    if (!integerArrays.has(tag)) {
      throw new DOMException("The data argument must be an integer-type TypedArray", "TypeMismatchError");
    }
    const byteLength = Reflect.apply(taByteLength, typedArray, []);
    if (byteLength > kMaxRandomBytes) {
      throw new DOMException("The requested length exceeds 65,536 bytes", "QuotaExceededError");
    }
    if (byteLength > 0) {
      const target = new Uint8Array(
        Reflect.apply(taBuffer, typedArray, []),
        Reflect.apply(taByteOffset, typedArray, []),
        byteLength,
      );
      // host.randomFill() fills from the start of the view's buffer (it
      // ignores the byte offset), so fill a fresh array and copy it over.
      const bytes = new Uint8Array(byteLength);
      host.randomFill(bytes);
      target.set(bytes);
    }
    return typedArray;
  }

  randomUUID() {
    if (!(#brand in Object(this))) throw invalidThis("Crypto");
    if (uuidPoolOffset === uuidPool.length) {
      host.randomFill(uuidPool);
      uuidPoolOffset = 0;
    }
    const b = uuidPool;
    const o = uuidPoolOffset;
    uuidPoolOffset += 16;
    // RFC 9562 version 4: version nibble 4, variant bits 10.
    const b6 = (b[o + 6] & 0x0f) | 0x40;
    const b8 = (b[o + 8] & 0x3f) | 0x80;
    return hex[b[o]] + hex[b[o + 1]] + hex[b[o + 2]] + hex[b[o + 3]] + "-" +
      hex[b[o + 4]] + hex[b[o + 5]] + "-" + hex[b6] + hex[b[o + 7]] + "-" +
      hex[b8] + hex[b[o + 9]] + "-" + hex[b[o + 10]] + hex[b[o + 11]] +
      hex[b[o + 12]] + hex[b[o + 13]] + hex[b[o + 14]] + hex[b[o + 15]];
  }
}

for (const key of ["subtle", "getRandomValues", "randomUUID"]) {
  const desc = Object.getOwnPropertyDescriptor(Crypto.prototype, key);
  desc.enumerable = true;
  Object.defineProperty(Crypto.prototype, key, desc);
}
Object.defineProperty(Crypto.prototype, Symbol.toStringTag, {
  value: "Crypto",
  writable: false,
  enumerable: false,
  configurable: true,
});

exports.Crypto = Crypto;
exports.crypto = new Crypto(kConstruct);
