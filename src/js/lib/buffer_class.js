// buffer_class.js - node:buffer's Buffer itself (see node_buffer.js): the
// constructor over a private Uint8Array subclass, the allocation pool, the
// static methods (from, alloc, concat, compare, byteLength, ...) and the
// copy and fill that they share with the instance methods, which are
// buffer_methods.js (required at the end of this file).
"use strict";

const {
  UINT8_TYPES, argTypeError, bytesOf, checkInteger, checkNumber, invalidArgValue, isAnyArrayBuffer,
  isTypedArray, isUint8Array, kMaxLength, outOfBounds, unknownEncoding,
} = require("buffer_util");
const {
  ENCODINGS, lookupEncoding, normalizeEncoding, utf8Encoder, utf8Length,
} = require("buffer_encodings");

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

// --- copy and fill, for concat() and alloc() and the methods --------------

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

Object.assign(exports, {
  Buffer, ByteArray, allocate, compareBytes, copyBytes, fillImpl, fromString,
});
// Buffer.prototype's methods, which need the exports above.
require("buffer_methods");
