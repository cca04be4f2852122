// buffer_class.js - node:buffer's Buffer (see node_buffer.js): the
// constructor over a private Uint8Array subclass, the allocation pool, the
// static methods (from, alloc, concat, compare, byteLength, ...), and the
// instance methods on Buffer.prototype: reading and writing numbers, the
// per-encoding slice/write methods, copy, toString, inspect (and
// INSPECT_MAX_BYTES), compare and indexOf, fill, write, subarray/slice and
// the swaps.
"use strict";

const {
  argTypeError, bytesOf, checkInteger, checkNumber, codedError, indexRangeError, inspectSymbol,
  invalidArgValue, isAnyArrayBuffer, isTypedArray, isUint8Array, kMaxLength, outOfBounds,
  rangeError, UINT8_TYPES, unknownEncoding,
} = require("buffer_util");
const {
  ENCODINGS, HEX_DIGITS, lookupEncoding, normalizeEncoding, utf8Encoder, utf8Length, utf8Read,
  utf8Write,
} = require("buffer_encodings");

let inspectMaxBytes = 50;

// ---------------------------------------------------------------------------
// Buffer itself
//
// Instances are made by a private subclass of Uint8Array whose prototype is
// Buffer.prototype, so `new Buffer()` (deprecated) is never needed
// internally and species-created arrays (map, filter, ...) are Buffers.

class ByteArray extends Uint8Array {}

let warnedConstructor = false;

function deprecatedConstructorWarning() {
  if (warnedConstructor) return;
  // As Node: not when called from code under node_modules.
  const stack = String(new Error().stack || "").split("\n");
  for (const line of stack) {
    if (line.includes("node:internal/") || line.includes("node_buffer")) continue;
    if (/[/\\]node_modules[/\\]/.test(line)) return;
    if (/:\d+:\d+\)?$/.test(line)) break;
  }
  warnedConstructor = true;
  try {
    require("process").emitWarning(
      "Buffer() is deprecated due to security and usability issues. Please use the Buffer.alloc(), " +
      "Buffer.allocUnsafe(), or Buffer.from() methods instead.", "DeprecationWarning", "DEP0005");
  } catch {
    // no process object: no warning
  }
}

function Buffer(arg, encodingOrOffset, length) {
  deprecatedConstructorWarning();
  if (typeof arg === "number") {
    if (typeof encodingOrOffset === "string") throw argTypeError("string", "of type string", arg);
    return Buffer.alloc(arg);
  }
  return Buffer.from(arg, encodingOrOffset, length);
}

Buffer.prototype = ByteArray.prototype;
Object.defineProperty(ByteArray.prototype, "constructor", {
  value: Buffer, writable: true, enumerable: false, configurable: true,
});
Object.setPrototypeOf(Buffer, Uint8Array);
Object.defineProperty(Buffer, Symbol.species, {
  get() { return ByteArray; }, enumerable: false, configurable: true,
});

// --- the allocation pool: small buffers share 8 KiB ArrayBuffers --------

Buffer.poolSize = 8 * 1024;
let pool = null;
let poolUsed = 0;

function newPool() {
  pool = new ArrayBuffer(Buffer.poolSize);
  poolUsed = 0;
}

function fromPool(size) {
  if (pool === null || size > pool.byteLength - poolUsed) newPool();
  const b = new ByteArray(pool, poolUsed, size);
  poolUsed += size;
  // keep the next buffer 8-byte aligned
  if (poolUsed & 7) poolUsed = (poolUsed | 7) + 1;
  return b;
}

function allocate(size) {
  if (size <= 0) return new ByteArray(0);
  if (size < Buffer.poolSize >>> 1) return fromPool(size);
  return new ByteArray(size);
}

function fromString(str, enc) {
  let ops;
  if (typeof enc !== "string" || enc.length === 0) {
    if (str.length === 0) return new ByteArray(0);
    ops = ENCODINGS.utf8;
  } else {
    ops = lookupEncoding(enc);
    if (ops === undefined) throw unknownEncoding(enc);
    if (str.length === 0) return new ByteArray(0);
  }
  const half = Buffer.poolSize >>> 1;
  if (ops === ENCODINGS.utf8 && str.length >= half) {
    // Large: TextEncoder's own array, no copy.
    const u8 = utf8Encoder.encode(str);
    return new ByteArray(u8.buffer, u8.byteOffset, u8.byteLength);
  }
  const size = ops.length(str);
  if (size >= half) {
    const b = new ByteArray(size);
    const n = ops.write(b, str, 0, size);
    return n === size ? b : new ByteArray(b.buffer, 0, n);
  }
  if (pool === null || size > pool.byteLength - poolUsed) newPool();
  const b = new ByteArray(pool, poolUsed, size);
  const n = ops.write(b, str, 0, size);
  poolUsed += n;
  if (poolUsed & 7) poolUsed = (poolUsed | 7) + 1;
  return n === size ? b : new ByteArray(pool, b.byteOffset, n);
}

// Elements converted as a Uint8Array does (ToNumber, then modulo 256).
function fromArrayLike(obj) {
  const n = obj.length;
  if (!(n > 0)) return new ByteArray(0);
  const b = allocate(n);
  if (isTypedArray(obj) || Array.isArray(obj)) {
    b.set(obj); // a BigInt array throws a TypeError, as in Node
  } else {
    for (let i = 0; i < n; i++) b[i] = obj[i];
  }
  return b;
}

function fromArrayBuffer(ab, byteOffset, length) {
  if (byteOffset === undefined) byteOffset = 0;
  else {
    byteOffset = +byteOffset;
    if (Number.isNaN(byteOffset)) byteOffset = 0;
  }
  const available = ab.byteLength - byteOffset;
  if (available < 0) throw outOfBounds("offset");
  if (length === undefined) length = available;
  else {
    length = +length;
    if (length > 0) {
      if (length > available) throw outOfBounds("length");
    } else {
      length = 0;
    }
  }
  return new ByteArray(ab, byteOffset, length);
}

function fromObject(obj) {
  if (obj.length !== undefined || isAnyArrayBuffer(obj.buffer)) {
    if (typeof obj.length !== "number") return new ByteArray(0);
    return fromArrayLike(obj);
  }
  if (obj.type === "Buffer" && Array.isArray(obj.data)) return fromArrayLike(obj.data);
  return undefined;
}

const FROM_TYPES = "of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object";

function fromValue(value, encodingOrOffset, length) {
  if (typeof value === "string") return fromString(value, encodingOrOffset);
  if (typeof value === "object" && value !== null) {
    if (isAnyArrayBuffer(value)) return fromArrayBuffer(value, encodingOrOffset, length);
    const primitive = typeof value.valueOf === "function" ? value.valueOf() : undefined;
    if (primitive != null && primitive !== value &&
        (typeof primitive === "string" || typeof primitive === "object")) {
      return fromValue(primitive, encodingOrOffset, length);
    }
    const b = fromObject(value);
    if (b !== undefined) return b;
    if (typeof value[Symbol.toPrimitive] === "function") {
      const str = value[Symbol.toPrimitive]("string");
      if (typeof str === "string") return fromString(str, encodingOrOffset);
    }
  }
  throw argTypeError("The first argument", FROM_TYPES, value);
}

function alloc(size, fill, enc) {
  checkNumber(size, "size", 0, kMaxLength);
  if (fill !== undefined && fill !== 0 && size > 0) {
    const b = allocate(size);
    return fillImpl(b, fill, 0, b.length, enc);
  }
  return new ByteArray(size);
}

function allocUnsafe(size) {
  checkNumber(size, "size", 0, kMaxLength);
  return allocate(size);
}

function allocUnsafeSlow(size) {
  checkNumber(size, "size", 0, kMaxLength);
  return new ByteArray(size);
}

function byteLength(string, enc) {
  if (typeof string !== "string") {
    if (ArrayBuffer.isView(string) || isAnyArrayBuffer(string)) return string.byteLength;
    throw argTypeError("string", "of type string or an instance of Buffer or ArrayBuffer", string);
  }
  const mustMatch = arguments.length > 2 && arguments[2] === true;
  if (!mustMatch && string.length === 0) return 0;
  const ops = enc ? lookupEncoding(enc) : undefined;
  if (ops === undefined) return mustMatch ? -1 : utf8Length(string);
  return ops.length(string);
}

function compareBytes(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function compare(buf1, buf2) {
  if (!isUint8Array(buf1)) throw argTypeError("buf1", UINT8_TYPES, buf1);
  if (!isUint8Array(buf2)) throw argTypeError("buf2", UINT8_TYPES, buf2);
  if (buf1 === buf2) return 0;
  return compareBytes(buf1, buf2);
}

function concat(list, totalLength) {
  if (!Array.isArray(list)) throw argTypeError("list", "an instance of Array", list);
  if (list.length === 0) return new ByteArray(0);
  if (totalLength === undefined) {
    totalLength = 0;
    for (let i = 0; i < list.length; i++) if (list[i].length) totalLength += list[i].length;
  } else {
    checkInteger(totalLength, "length");
  }
  const out = allocUnsafe(totalLength);
  let pos = 0;
  for (let i = 0; i < list.length; i++) {
    const b = list[i];
    if (!isUint8Array(b)) throw argTypeError(`list[${i}]`, UINT8_TYPES, b);
    pos += copyBytes(b, out, pos, 0, b.length);
  }
  if (pos < totalLength) out.fill(0, pos, totalLength);
  return out;
}

function isEncoding(enc) {
  return typeof enc === "string" && enc.length !== 0 && lookupEncoding(enc) !== undefined;
}

function copyBytesFrom(view, offset, length) {
  if (!isTypedArray(view)) throw argTypeError("view", "an instance of TypedArray", view);
  const count = view.length;
  if (count === 0) return new ByteArray(0);
  if (offset !== undefined || length !== undefined) {
    if (offset !== undefined) {
      checkInteger(offset, "offset", 0);
      if (offset >= count) return new ByteArray(0);
    } else {
      offset = 0;
    }
    let end = count;
    if (length !== undefined) {
      checkInteger(length, "length", 0);
      end = offset + length;
    }
    view = view.slice(offset, end);
  }
  const src = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  const b = allocate(src.length);
  b.set(src);
  return b;
}

Buffer.from = function from(value, encodingOrOffset, length) {
  return fromValue(value, encodingOrOffset, length);
};
Buffer.copyBytesFrom = copyBytesFrom;
Buffer.of = function of(...items) { return fromArrayLike(items); };
Buffer.alloc = alloc;
Buffer.allocUnsafe = allocUnsafe;
Buffer.allocUnsafeSlow = allocUnsafeSlow;
Buffer.isBuffer = function isBuffer(b) { return b instanceof Buffer; };
Buffer.compare = compare;
Buffer.isEncoding = isEncoding;
Buffer.concat = concat;
Buffer.byteLength = byteLength;

// ---------------------------------------------------------------------------
// Instance methods

const proto = Buffer.prototype;

function define(name, fn) {
  Object.defineProperty(proto, name, { value: fn, writable: true, enumerable: true, configurable: true });
}

// --- reading and writing numbers ------------------------------------------

// The error Node throws for an offset that does not fit `size` bytes.
function offsetError(buf, offset, size) {
  if (Math.floor(offset) !== offset) {
    if (typeof offset !== "number") throw argTypeError("offset", "of type number", offset);
    return rangeError("offset", "an integer", offset);
  }
  const last = buf.length - size;
  if (last < 0) return outOfBounds();
  return rangeError("offset", `>= 0 and <= ${last}`, offset);
}

function readCheck(buf, offset, size) {
  if (typeof offset !== "number") throw argTypeError("offset", "of type number", offset);
  if (buf[offset] === undefined || buf[offset + size - 1] === undefined) throw offsetError(buf, offset, size);
}

function byteLengthError(byteLength) {
  if (Math.floor(byteLength) !== byteLength) {
    if (typeof byteLength !== "number") return argTypeError("byteLength", "of type number", byteLength);
    return rangeError("byteLength", "an integer", byteLength);
  }
  return rangeError("byteLength", ">= 1 and <= 6", byteLength);
}

function checkByteLength(byteLength) {
  if (byteLength !== 1 && byteLength !== 2 && byteLength !== 3 && byteLength !== 4 &&
      byteLength !== 5 && byteLength !== 6) {
    throw byteLengthError(byteLength);
  }
}

// Unsigned little/big-endian integer of `size` bytes (1..6) at offset.
function getUint(buf, offset, size, little) {
  let v = 0;
  if (little) {
    for (let i = size - 1; i >= 0; i--) v = v * 256 + buf[offset + i];
  } else {
    for (let i = 0; i < size; i++) v = v * 256 + buf[offset + i];
  }
  return v;
}

function getInt(buf, offset, size, little) {
  const v = getUint(buf, offset, size, little);
  const limit = 2 ** (size * 8 - 1);
  return v >= limit ? v - limit * 2 : v;
}

// Bytes of an in-range value as Node stores them: the low 32 bits by
// ToUint32 (fractions truncated toward zero), the bits above by flooring.
function setUint(buf, offset, size, little, value) {
  let low = value >>> 0;
  let high = size > 4 ? Math.floor(value * 2 ** -32) >>> 0 : 0;
  for (let i = 0; i < size; i++) {
    buf[little ? offset + i : offset + size - 1 - i] = i < 4 ? low & 0xff : high & 0xff;
    if (i < 4) low >>>= 8;
    else high >>>= 8;
  }
  return offset + size;
}

function valueRangeText(size, signed, big) {
  const n = big ? "n" : "";
  const bits = size * 8;
  if (size > 4) {
    return signed ? `>= -(2${n} ** ${bits - 1}${n}) and < 2${n} ** ${bits - 1}${n}`
      : `>= 0${n} and < 2${n} ** ${bits}${n}`;
  }
  if (signed) return `>= ${-(2 ** (bits - 1))} and <= ${2 ** (bits - 1) - 1}`;
  return `>= 0 and <= ${2 ** bits - 1}`;
}

function writeInteger(buf, value, offset, size, signed, little) {
  value = +value;
  const min = signed ? -(2 ** (size * 8 - 1)) : 0;
  const max = signed ? 2 ** (size * 8 - 1) - 1 : 2 ** (size * 8) - 1;
  // One byte: the offset's type is checked before the value (Node's order).
  if (size === 1 && typeof offset !== "number") throw argTypeError("offset", "of type number", offset);
  if (value > max || value < min) throw rangeError("value", valueRangeText(size, signed, false), value);
  readCheck(buf, offset, size);
  if (size === 1) { buf[offset] = value; return offset + 1; }
  return setUint(buf, offset, size, little, value);
}

for (const [suffix, size, little] of [["8", 1, true], ["16LE", 2, true], ["16BE", 2, false],
  ["32LE", 4, true], ["32BE", 4, false]]) {
  const readU = {
    [`readUInt${suffix}`](offset = 0) {
      readCheck(this, offset, size);
      return getUint(this, offset, size, little);
    },
  }[`readUInt${suffix}`];
  const readS = {
    [`readInt${suffix}`](offset = 0) {
      readCheck(this, offset, size);
      return getInt(this, offset, size, little);
    },
  }[`readInt${suffix}`];
  const writeU = {
    [`writeUInt${suffix}`](value, offset = 0) {
      return writeInteger(this, value, offset, size, false, little);
    },
  }[`writeUInt${suffix}`];
  const writeS = {
    [`writeInt${suffix}`](value, offset = 0) {
      return writeInteger(this, value, offset, size, true, little);
    },
  }[`writeInt${suffix}`];
  define(`readUInt${suffix}`, readU);
  define(`readUint${suffix}`, readU);
  define(`readInt${suffix}`, readS);
  define(`writeUInt${suffix}`, writeU);
  define(`writeUint${suffix}`, writeU);
  define(`writeInt${suffix}`, writeS);
}

for (const [suffix, little] of [["LE", true], ["BE", false]]) {
  const readU = {
    [`readUInt${suffix}`](offset, byteLength) {
      if (offset === undefined) throw argTypeError("offset", "of type number", offset);
      checkByteLength(byteLength);
      readCheck(this, offset, byteLength);
      return getUint(this, offset, byteLength, little);
    },
  }[`readUInt${suffix}`];
  const readS = {
    [`readInt${suffix}`](offset, byteLength) {
      if (offset === undefined) throw argTypeError("offset", "of type number", offset);
      checkByteLength(byteLength);
      readCheck(this, offset, byteLength);
      return getInt(this, offset, byteLength, little);
    },
  }[`readInt${suffix}`];
  const writeU = {
    [`writeUInt${suffix}`](value, offset, byteLength) {
      checkByteLength(byteLength);
      return writeInteger(this, value, offset, byteLength, false, little);
    },
  }[`writeUInt${suffix}`];
  const writeS = {
    [`writeInt${suffix}`](value, offset, byteLength) {
      checkByteLength(byteLength);
      return writeInteger(this, value, offset, byteLength, true, little);
    },
  }[`writeInt${suffix}`];
  define(`readUInt${suffix}`, readU);
  define(`readUint${suffix}`, readU);
  define(`readInt${suffix}`, readS);
  define(`writeUInt${suffix}`, writeU);
  define(`writeUint${suffix}`, writeU);
  define(`writeInt${suffix}`, writeS);
}

// BigInt 64-bit.
function readBig(buf, offset, signed, little) {
  readCheck(buf, offset, 8);
  const lo = little ? getUint(buf, offset, 4, true) : getUint(buf, offset + 4, 4, false);
  const hi = little ? getUint(buf, offset + 4, 4, true) : getUint(buf, offset, 4, false);
  const v = (BigInt(hi) << 32n) | BigInt(lo);
  return signed ? BigInt.asIntN(64, v) : v;
}

function writeBig(buf, value, offset, signed, little) {
  const min = signed ? -(2n ** 63n) : 0n;
  const max = signed ? 2n ** 63n - 1n : 2n ** 64n - 1n;
  if (value > max || value < min) {
    // Node's text for the signed range misses an "n" after the second 2.
    const range = signed ? ">= -(2n ** 63n) and < 2n ** 63n" : ">= 0n and < 2n ** 64n";
    throw rangeError("value", range, value);
  }
  readCheck(buf, offset, 8);
  const v = BigInt.asUintN(64, value);
  const lo = Number(v & 0xffffffffn);
  const hi = Number(v >> 32n);
  if (little) {
    setUint(buf, offset, 4, true, lo);
    setUint(buf, offset + 4, 4, true, hi);
  } else {
    setUint(buf, offset, 4, false, hi);
    setUint(buf, offset + 4, 4, false, lo);
  }
  return offset + 8;
}

for (const [suffix, little] of [["LE", true], ["BE", false]]) {
  const readU = { [`readBigUInt64${suffix}`](offset = 0) { return readBig(this, offset, false, little); } }[`readBigUInt64${suffix}`];
  const readS = { [`readBigInt64${suffix}`](offset = 0) { return readBig(this, offset, true, little); } }[`readBigInt64${suffix}`];
  const writeU = {
    [`writeBigUInt64${suffix}`](value, offset = 0) { return writeBig(this, value, offset, false, little); },
  }[`writeBigUInt64${suffix}`];
  const writeS = {
    [`writeBigInt64${suffix}`](value, offset = 0) { return writeBig(this, value, offset, true, little); },
  }[`writeBigInt64${suffix}`];
  define(`readBigUInt64${suffix}`, readU);
  define(`readBigUint64${suffix}`, readU);
  define(`readBigInt64${suffix}`, readS);
  define(`writeBigUInt64${suffix}`, writeU);
  define(`writeBigUint64${suffix}`, writeU);
  define(`writeBigInt64${suffix}`, writeS);
}

// Floats through a scratch buffer (host byte order is little-endian on
// every platform the runtime supports; checked here anyway).
const scratch = new ArrayBuffer(8);
const f32 = new Float32Array(scratch);
const f64 = new Float64Array(scratch);
const s8 = new Uint8Array(scratch);
const hostLittle = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function readFloat(buf, offset, size, little) {
  readCheck(buf, offset, size);
  const swap = little !== hostLittle;
  for (let i = 0; i < size; i++) s8[swap ? size - 1 - i : i] = buf[offset + i];
  return size === 4 ? f32[0] : f64[0];
}

function writeFloat(buf, value, offset, size, little) {
  value = +value;
  readCheck(buf, offset, size);
  if (size === 4) f32[0] = value;
  else f64[0] = value;
  const swap = little !== hostLittle;
  for (let i = 0; i < size; i++) buf[offset + i] = s8[swap ? size - 1 - i : i];
  return offset + size;
}

for (const [name, size] of [["Float", 4], ["Double", 8]]) {
  for (const [suffix, little] of [["LE", true], ["BE", false]]) {
    define(`read${name}${suffix}`, {
      [`read${name}${suffix}`](offset = 0) { return readFloat(this, offset, size, little); },
    }[`read${name}${suffix}`]);
    define(`write${name}${suffix}`, {
      [`write${name}${suffix}`](value, offset = 0) { return writeFloat(this, value, offset, size, little); },
    }[`write${name}${suffix}`]);
  }
}

// --- the per-encoding slice/write methods (undocumented, used by libraries)

function sliceArgs(buf, start, end) {
  const len = buf.length;
  start = start === undefined ? 0 : Math.trunc(+start) || 0;
  end = end === undefined ? len : Math.trunc(+end) || 0;
  if (start < 0 || end < 0) throw indexRangeError();
  if (end < start) end = start;
  if (end > len) throw indexRangeError();
  return [start, end];
}

// `jsChecked`: Node checks utf8/ascii/latin1 writes in JS (a negative
// offset is out of bounds) and the others in C++ (it is out of range).
function writeArgs(buf, string, offset, length, jsChecked) {
  if (typeof string !== "string") throw notAString();
  const len = buf.length;
  offset = offset === undefined ? 0 : Math.trunc(+offset) || 0;
  if (offset < 0 && !jsChecked) throw indexRangeError();
  if (offset < 0 || offset > len) throw outOfBounds("offset");
  let max = len - offset;
  if (length !== undefined) {
    length = Math.trunc(+length) || 0;
    if (length < 0) throw indexRangeError();
    if (length < max) max = length;
  }
  return [offset, max];
}

for (const [method, name] of [["ascii", "ascii"], ["base64", "base64"], ["base64url", "base64url"],
  ["latin1", "latin1"], ["hex", "hex"], ["ucs2", "utf16le"], ["utf8", "utf8"]]) {
  const ops = ENCODINGS[name];
  const jsChecked = name === "utf8" || name === "ascii" || name === "latin1";
  define(`${method}Slice`, {
    [`${method}Slice`](start, end) {
      const [s, e] = sliceArgs(this, start, end);
      return ops.read(bytesOf(this), s, e);
    },
  }[`${method}Slice`]);
  define(`${method}Write`, {
    [`${method}Write`](string, offset, length) {
      const [o, n] = writeArgs(this, string, offset, length, jsChecked);
      if (n === 0) return 0;
      return ops.write(bytesOf(this), string, o, n);
    },
  }[`${method}Write`]);
}

// --- parent / offset (deprecated getters) ----------------------------------

Object.defineProperty(proto, "parent", {
  enumerable: true,
  configurable: false,
  get() { return this instanceof Buffer ? this.buffer : undefined; },
});
Object.defineProperty(proto, "offset", {
  enumerable: true,
  configurable: false,
  get() { return this instanceof Buffer ? this.byteOffset : undefined; },
});

// --- copy -----------------------------------------------------------------

// Copy source[sourceStart, sourceEnd) to target at targetStart, as much as
// fits; returns the number of bytes copied.
function copyBytes(source, target, targetStart, sourceStart, sourceEnd) {
  if (sourceEnd - sourceStart > target.byteLength - targetStart) {
    sourceEnd = sourceStart + target.byteLength - targetStart;
  }
  let n = sourceEnd - sourceStart;
  if (n > source.byteLength - sourceStart) n = source.byteLength - sourceStart;
  if (n <= 0) return 0;
  const src = bytesOf(source), dst = bytesOf(target);
  if (n < 32) {
    if (src.buffer === dst.buffer && src.byteOffset + sourceStart < dst.byteOffset + targetStart) {
      for (let i = n - 1; i >= 0; i--) dst[targetStart + i] = src[sourceStart + i];
    } else {
      for (let i = 0; i < n; i++) dst[targetStart + i] = src[sourceStart + i];
    }
  } else {
    // set() handles overlapping memory as memmove does
    dst.set(src.subarray(sourceStart, sourceStart + n), targetStart);
  }
  return n;
}

// Node's loose integer: NaN and out-of-safe-range values take the default.
function looseInteger(n, dflt) {
  if (Number.isInteger(n)) return n;
  n = +n;
  if (!Number.isNaN(n) && n >= Number.MIN_SAFE_INTEGER && n <= Number.MAX_SAFE_INTEGER) {
    return n % 1 === 0 ? n : Math.floor(n);
  }
  return dflt;
}

define("copy", function copy(target, targetStart, sourceStart, sourceEnd) {
  if (!ArrayBuffer.isView(this)) throw argTypeError("source", UINT8_TYPES, this);
  if (!ArrayBuffer.isView(target)) throw argTypeError("target", UINT8_TYPES, target);
  if (targetStart === undefined) targetStart = 0;
  else {
    targetStart = looseInteger(targetStart, 0);
    if (targetStart < 0) throw rangeError("targetStart", ">= 0", targetStart);
  }
  if (sourceStart === undefined) sourceStart = 0;
  else {
    sourceStart = looseInteger(sourceStart, 0);
    if (sourceStart < 0 || sourceStart > this.byteLength) {
      throw rangeError("sourceStart", `>= 0 && <= ${this.byteLength}`, sourceStart);
    }
  }
  if (sourceEnd === undefined) sourceEnd = this.byteLength;
  else {
    sourceEnd = looseInteger(sourceEnd, 0);
    if (sourceEnd < 0) throw rangeError("sourceEnd", ">= 0", sourceEnd);
  }
  if (targetStart >= target.byteLength || sourceStart >= sourceEnd) return 0;
  return copyBytes(this, target, targetStart, sourceStart, sourceEnd);
});

// --- toString ---------------------------------------------------------------

define("toString", function toString(enc, start, end) {
  if (arguments.length === 0) return utf8Read(this, 0, this.length);
  const len = this.length;
  if (start <= 0) start = 0;
  else if (start >= len) return "";
  else start = Math.trunc(start) || 0;
  if (end === undefined || end > len) end = len;
  else end = Math.trunc(end) || 0;
  if (end <= start) return "";
  if (enc === undefined) return utf8Read(this, start, end);
  const ops = lookupEncoding(enc);
  if (ops === undefined) throw unknownEncoding(enc);
  return ops.read(this, start, end);
});

define("equals", function equals(otherBuffer) {
  if (!isUint8Array(otherBuffer)) throw argTypeError("otherBuffer", UINT8_TYPES, otherBuffer);
  if (this === otherBuffer) return true;
  if (this.byteLength !== otherBuffer.byteLength) return false;
  return compareBytes(this, otherBuffer) === 0;
});

// --- inspect ----------------------------------------------------------------

function inspectBuffer(recurseTimes, ctx, inspect) {
  const shown = Math.min(inspectMaxBytes, this.length);
  let text = "";
  for (let i = 0; i < shown; i++) {
    const b = this[i];
    text += (i ? " " : "") + HEX_DIGITS[b >> 4] + HEX_DIGITS[b & 15];
  }
  const rest = this.length - inspectMaxBytes;
  if (rest > 0) text += ` ... ${rest} more byte${rest > 1 ? "s" : ""}`;
  if (ctx) {
    // Own properties other than the indices, as "key: value" pairs.
    const keys = (ctx.showHidden ? Reflect.ownKeys(this) : Object.keys(this).concat(
      Object.getOwnPropertySymbols(this).filter((s) => Object.prototype.propertyIsEnumerable.call(this, s))))
      .filter((k) => typeof k !== "string" || !/^(0|[1-9][0-9]*)$/.test(k));
    if (keys.length > 0) {
      const extra = Object.create(null);
      for (const k of keys) {
        Object.defineProperty(extra, k, { value: this[k], enumerable: true, configurable: true, writable: true });
      }
      const fn = typeof inspect === "function" ? inspect : require("inspect").inspect;
      const all = fn(extra, Object.assign({}, ctx, { breakLength: Infinity, compact: true }));
      const open = all.indexOf("{ ");
      const body = open >= 0 && all.endsWith(" }") ? all.slice(open + 2, -2) : all;
      text += (this.length !== 0 ? ", " : "") + body;
    }
  }
  return `<${this.constructor.name} ${text}>`;
}

define(inspectSymbol, inspectBuffer);
Object.defineProperty(proto, inspectSymbol, { enumerable: false });
define("inspect", inspectBuffer);

// node_buffer.js's INSPECT_MAX_BYTES, which inspectBuffer reads.
const inspectMaxBytesProperty = {
  enumerable: true,
  configurable: true,
  get() { return inspectMaxBytes; },
  set(value) {
    checkNumber(value, "INSPECT_MAX_BYTES", 0);
    inspectMaxBytes = value;
  },
};

// --- compare / indexOf ------------------------------------------------------

define("compare", function compare_(target, targetStart, targetEnd, sourceStart, sourceEnd) {
  if (!isUint8Array(target)) throw argTypeError("target", UINT8_TYPES, target);
  if (arguments.length === 1) return compareBytes(this, target);
  if (targetStart === undefined) targetStart = 0;
  else checkInteger(targetStart, "targetStart");
  if (targetEnd === undefined) targetEnd = target.length;
  else checkInteger(targetEnd, "targetEnd", 0, target.length);
  if (sourceStart === undefined) sourceStart = 0;
  else checkInteger(sourceStart, "sourceStart");
  if (sourceEnd === undefined) sourceEnd = this.length;
  else checkInteger(sourceEnd, "sourceEnd", 0, this.length);
  if (sourceStart >= sourceEnd) return targetStart >= targetEnd ? 0 : -1;
  if (targetStart >= targetEnd) return 1;
  // (both ranges now lie within their buffers)
  return compareBytes(bytesOf(this).subarray(sourceStart, sourceEnd), target.subarray(targetStart, targetEnd));
});
Object.defineProperty(proto.compare, "name", { value: "compare" });

// Where a search of a needle of `needleLen` bytes starts, or -1 (Node's
// rules for negative and too large offsets).
function searchStart(length, offset, needleLen, forward) {
  if (offset < 0) {
    if (offset + length >= 0) return length + offset;
    if (forward || needleLen === 0) return 0;
    return -1;
  }
  if (offset + needleLen <= length) return offset;
  if (needleLen === 0) return length;
  if (forward) return -1;
  return length - 1;
}

// First (forward) or last (backward) index of needle in hay at or from
// `start`; step 2 restricts matches to even indices (UTF-16 search).
function searchBytes(hay, needle, start, forward, step) {
  const n = needle.length, last = hay.length - n;
  if (n === 0) return start;
  if (step === 1) return forward ? findForward(hay, needle, start) : findBackward(hay, needle, Math.min(start, last));
  const first = needle[0];
  if (forward) {
    let i = start;
    if (i & 1) i++;
    for (; i <= last; i += 2) {
      if (hay[i] !== first) continue;
      let j = 1;
      while (j < n && hay[i + j] === needle[j]) j++;
      if (j === n) return i;
    }
  } else {
    let i = Math.min(start, last);
    if (i & 1) i--;
    for (; i >= 0; i -= 2) {
      if (hay[i] !== first) continue;
      let j = 1;
      while (j < n && hay[i + j] === needle[j]) j++;
      if (j === n) return i;
    }
  }
  return -1;
}

// Candidates are found with the engine's indexOf (fast) and checked byte by
// byte; when checking costs too much (inputs like "aaaa...ab"), the search
// goes on with Knuth-Morris-Pratt, so it stays linear.
const u8IndexOf = Uint8Array.prototype.indexOf;
const u8LastIndexOf = Uint8Array.prototype.lastIndexOf;

function findForward(hay, needle, from) {
  const n = needle.length, last = hay.length - n, first = needle[0];
  let budget = hay.length + 64 * n;
  let i = from;
  while (i <= last) {
    i = u8IndexOf.call(hay, first, i);
    if (i < 0 || i > last) return -1;
    let j = 1;
    while (j < n && hay[i + j] === needle[j]) j++;
    if (j === n) return i;
    budget -= j;
    if (budget < 0) return kmpForward(hay, needle, i + 1);
    i++;
  }
  return -1;
}

function findBackward(hay, needle, from) {
  const n = needle.length, first = needle[0];
  let budget = hay.length + 64 * n;
  let i = from;
  while (i >= 0) {
    i = u8LastIndexOf.call(hay, first, i);
    if (i < 0) return -1;
    let j = 1;
    while (j < n && hay[i + j] === needle[j]) j++;
    if (j === n) return i;
    budget -= j;
    if (budget < 0) return kmpBackward(hay, needle, i - 1);
    i--;
  }
  return -1;
}

// KMP failure table of pattern p read through at(k).
function failureTable(n, at) {
  const f = new Int32Array(n);
  for (let k = 1, q = 0; k < n; k++) {
    while (q > 0 && at(k) !== at(q)) q = f[q - 1];
    if (at(k) === at(q)) q++;
    f[k] = q;
  }
  return f;
}

function kmpForward(hay, needle, from) {
  const n = needle.length;
  const f = failureTable(n, (k) => needle[k]);
  for (let p = from, q = 0; p < hay.length; p++) {
    const b = hay[p];
    while (q > 0 && b !== needle[q]) q = f[q - 1];
    if (b === needle[q]) q++;
    if (q === n) return p - n + 1;
  }
  return -1;
}

// The last match starting at or before `from`: the reversed needle,
// matched from from + n - 1 down.
function kmpBackward(hay, needle, from) {
  const n = needle.length;
  if (from < 0) return -1;
  const rev = (k) => needle[n - 1 - k];
  const f = failureTable(n, rev);
  for (let p = Math.min(from + n - 1, hay.length - 1), q = 0; p >= 0; p--) {
    const b = hay[p];
    while (q > 0 && b !== rev(q)) q = f[q - 1];
    if (b === rev(q)) q++;
    if (q === n) return p;
  }
  return -1;
}

function indexOfBytes(hay, needle, offset, ops, forward) {
  const len = hay.length;
  const start = searchStart(len, offset, needle.length, forward);
  if (needle.length === 0) return start;
  if (len === 0 || start < 0) return -1;
  if ((forward && needle.length + start > len) || needle.length > len) return -1;
  if (ops === ENCODINGS.utf16le) {
    if (len < 2 || needle.length < 2) return -1;
    // Node searches whole code units of the needle only.
    const units16 = needle.length & ~1;
    const r = searchBytes(hay.subarray(0, len & ~1), needle.subarray(0, units16), start & ~1, forward, 2);
    return r;
  }
  return searchBytes(hay, needle, start, forward, 1);
}

function bidirectionalIndexOf(buf, val, byteOffset, enc, forward) {
  if (typeof byteOffset === "string") {
    enc = byteOffset;
    byteOffset = undefined;
  } else if (byteOffset > 0x7fffffff) {
    byteOffset = 0x7fffffff;
  } else if (byteOffset < -0x80000000) {
    byteOffset = -0x80000000;
  }
  byteOffset = +byteOffset;
  if (Number.isNaN(byteOffset)) byteOffset = forward ? 0 : (buf.length || buf.byteLength);
  byteOffset = Math.trunc(byteOffset);
  if (typeof val === "number") {
    const byte = (val >>> 0) & 0xff;
    const len = buf.length;
    const start = searchStart(len, byteOffset, 1, forward);
    if (start < 0 || len === 0) return -1;
    return forward ? Uint8Array.prototype.indexOf.call(buf, byte, start)
      : Uint8Array.prototype.lastIndexOf.call(buf, byte, start);
  }
  const ops = enc === undefined ? ENCODINGS.utf8 : lookupEncoding(enc);
  if (typeof val === "string") {
    if (ops === undefined) throw unknownEncoding(enc);
    const needle = ops.name === "utf8" ? utf8Encoder.encode(val) : fromString(val, ops.name);
    if (ops.name === "utf16le" && needle.length === 0) {
      return searchStart(buf.length, byteOffset, 0, forward);
    }
    return indexOfBytes(buf, bytesOf(needle), byteOffset, ops, forward);
  }
  if (isUint8Array(val)) {
    return indexOfBytes(buf, val, byteOffset, ops === undefined ? ENCODINGS.utf8 : ops, forward);
  }
  throw argTypeError("value",
    "one of type number or string or an instance of Buffer or Uint8Array", val);
}

define("indexOf", function indexOf(value, byteOffset, encoding) {
  return bidirectionalIndexOf(this, value, byteOffset, encoding, true);
});
define("lastIndexOf", function lastIndexOf(value, byteOffset, encoding) {
  return bidirectionalIndexOf(this, value, byteOffset, encoding, false);
});
define("includes", function includes(value, byteOffset, encoding) {
  return this.indexOf(value, byteOffset, encoding) !== -1;
});

// --- fill -------------------------------------------------------------------

function fillImpl(buf, value, offset, end, enc) {
  let ops;
  if (typeof value === "string") {
    if (offset === undefined || typeof offset === "string") {
      enc = offset;
      offset = 0;
      end = buf.length;
    } else if (typeof end === "string") {
      enc = end;
      end = buf.length;
    }
    const name = normalizeEncoding(enc);
    if (name === undefined) {
      if (typeof enc !== "string") throw argTypeError("encoding", "of type string", enc);
      throw unknownEncoding(enc);
    }
    ops = ENCODINGS[name];
    if (value.length === 0) {
      value = 0;
    } else if (value.length === 1) {
      const c = value.charCodeAt(0);
      if (name === "utf8" && c < 128) value = c;
      else if (name === "latin1") value = c & 0xff;
    }
  }
  if (offset === undefined) {
    offset = 0;
    end = buf.length;
  } else {
    checkInteger(offset, "offset");
    if (end === undefined) end = buf.length;
    else checkInteger(end, "end", 0, buf.length);
    if (offset >= end) return buf;
  }
  if (typeof value === "number") {
    if (end > buf.byteLength) throw outOfBounds();
    Uint8Array.prototype.fill.call(buf, value, offset, end);
    return buf;
  }
  let pattern;
  if (typeof value === "string") {
    pattern = fromString(value, ops.name);
    if (pattern.length === 0) throw invalidArgValue("value", value);
  } else if (ArrayBuffer.isView(value)) {
    pattern = bytesOf(value);
    if (pattern.length === 0) throw invalidArgValue("value", value);
  } else {
    Uint8Array.prototype.fill.call(buf, (value >>> 0) & 255, offset, end);
    return buf;
  }
  if (end > buf.length) throw outOfBounds();
  const n = end - offset;
  const p = pattern.length;
  if (p >= n) {
    buf.set(pattern.subarray(0, n), offset);
    return buf;
  }
  // Double the filled run each time: O(n) with few set() calls.
  buf.set(pattern, offset);
  let filled = p;
  while (filled < n) {
    const chunk = Math.min(filled, n - filled);
    buf.copyWithin(offset + filled, offset, offset + chunk);
    filled += chunk;
  }
  return buf;
}

define("fill", function fill(value, offset, end, encoding) {
  return fillImpl(this, value, offset, end, encoding);
});

// --- write ------------------------------------------------------------------

function notAString() {
  return codedError(TypeError, "ERR_INVALID_ARG_TYPE", "argument must be a string");
}

define("write", function write(string, offset, length, enc) {
  if (offset === undefined) {
    if (typeof string !== "string") throw notAString();
    return utf8Write(this, string, 0, this.length);
  }
  if (length === undefined && typeof offset === "string") {
    enc = offset;
    length = this.length;
    offset = 0;
  } else {
    checkInteger(offset, "offset", 0, this.length);
    const remaining = this.length - offset;
    if (length === undefined) length = remaining;
    else if (typeof length === "string") {
      enc = length;
      length = remaining;
    } else {
      checkInteger(length, "length", 0, this.length);
      if (length > remaining) length = remaining;
    }
  }
  const ops = enc ? lookupEncoding(enc) : ENCODINGS.utf8;
  if (ops === undefined) throw unknownEncoding(enc);
  if (typeof string !== "string") throw notAString();
  return ops.write(this, string, offset, length);
});

define("toJSON", function toJSON() {
  if (this.length > 0) {
    const data = new Array(this.length);
    for (let i = 0; i < this.length; i++) data[i] = this[i];
    return { type: "Buffer", data };
  }
  return { type: "Buffer", data: [] };
});

// Node's offset rule for subarray/slice: negative from the end, clamped.
function clampOffset(offset, length) {
  offset = Math.trunc(offset);
  if (offset === 0) return 0;
  if (offset < 0) {
    offset += length;
    return offset > 0 ? offset : 0;
  }
  if (offset < length) return offset;
  return Number.isNaN(offset) ? 0 : length;
}

define("subarray", function subarray(start, end) {
  const len = this.length;
  start = clampOffset(start, len);
  end = end !== undefined ? clampOffset(end, len) : len;
  return new ByteArray(this.buffer, this.byteOffset + start, end > start ? end - start : 0);
});

define("slice", function slice(start, end) {
  return this.subarray(start, end);
});

function swapError(bits) {
  return codedError(RangeError, "ERR_INVALID_BUFFER_SIZE", `Buffer size must be a multiple of ${bits}`);
}

define("swap16", function swap16() {
  const len = this.length;
  if (len % 2 !== 0) throw swapError("16-bits");
  for (let i = 0; i < len; i += 2) {
    const t = this[i]; this[i] = this[i + 1]; this[i + 1] = t;
  }
  return this;
});

define("swap32", function swap32() {
  const len = this.length;
  if (len % 4 !== 0) throw swapError("32-bits");
  for (let i = 0; i < len; i += 4) {
    let t = this[i]; this[i] = this[i + 3]; this[i + 3] = t;
    t = this[i + 1]; this[i + 1] = this[i + 2]; this[i + 2] = t;
  }
  return this;
});

define("swap64", function swap64() {
  const len = this.length;
  if (len % 8 !== 0) throw swapError("64-bits");
  for (let i = 0; i < len; i += 8) {
    for (let j = 0; j < 4; j++) {
      const t = this[i + j]; this[i + j] = this[i + 7 - j]; this[i + 7 - j] = t;
    }
  }
  return this;
});

define("toLocaleString", proto.toString);

Object.assign(exports, { Buffer, ByteArray, allocate, fromString, inspectMaxBytesProperty });
