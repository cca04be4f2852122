// Compares src/js/lib/node_buffer.js with Node's own `buffer` module.
//
//   node tests/lib/buffer_vs_node.js
//
// The file is loaded the way the runtime loads it (the body of
// `function (exports, require, host)`), with a `require` that loads sibling
// files from src/js/lib, except: "inspect" is Node's util (inspect.js is
// being rewritten), "process" is Node's process (for emitWarning), and
// "dom_exception" is Node's DOMException. Every case runs against both
// modules; results are compared as text (buffers by constructor and bytes,
// errors by class, name, code and message, other values by util.inspect).
// The last line is "N passed, N failed"; the exit status is 1 on failure.
//
// DUMP=1 prints our results only, one line a case, so that a run under
// another engine (bun, which is JavaScriptCore) can be diffed against a run
// under Node.
//
// Justified exceptions (not compared):
// - Pool placement (byteOffset of small buffers, buffer.byteLength of the
//   pool): both pool, but the offsets depend on everything allocated before.
// - Messages of errors thrown by the engine itself (a typed array view past
//   the end of an ArrayBuffer, BigInt/Number mixing in writeBigInt64 or
//   fill(0n) or Buffer.from(BigInt64Array)): V8 and JavaScriptCore word them
//   differently; only the class is compared (checkClass).
// - Function names of readFloatLE & co.: Node's are its internal helpers'
//   ("readFloatForwards"), ours are the public names.
// - Blob.prototype.stream(): ours is the runtime's ReadableStream (from
//   web_streams.js), so only the bytes it yields are compared.
// - kMaxLength / kStringMaxLength are Node's 64-bit values (compared as is).
"use strict";

const fs = require("fs");
const path = require("path");
const util = require("util");

const LIB = path.join(__dirname, "../../src/js/lib");
const loaded = new Map();
function shimRequire(name) {
  if (name === "inspect") return { inspect: util.inspect, format: util.format };
  if (name === "process") return { emitWarning: (...a) => process.emitWarning(...a), process };
  if (name === "dom_exception") return { DOMException: globalThis.DOMException };
  if (name === "tasks") return { nextTick: process.nextTick, queueMicrotask };
  if (!loaded.has(name)) {
    const exports = {};
    loaded.set(name, exports);
    const src = fs.readFileSync(path.join(LIB, `${name}.js`), "utf8");
    new Function("exports", "require", "host", src)(exports, shimRequire, {});
  }
  return loaded.get(name);
}
// Buffer() deprecation warnings (ours and Node's) would only clutter the output.
process.noDeprecation = true;
const mine = shimRequire("node_buffer");
const theirs = require("buffer");
const MB = mine.Buffer, NB = theirs.Buffer;

let passed = 0, failed = 0;
const failures = [];

function show(v, mod) {
  if (v instanceof Error || (v && typeof v === "object" && typeof v.stack === "string" && "message" in v)) {
    return `THROW ${v.constructor && v.constructor.name} ${v.name} ${v.code} ${v.message}`;
  }
  if (ArrayBuffer.isView(v)) {
    const bytes = Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("hex");
    const isBuf = v instanceof mod.Buffer;
    return `${v.constructor.name}${isBuf ? "(buffer)" : ""}[${v.length}]<${bytes}>`;
  }
  if (v instanceof ArrayBuffer) return `ArrayBuffer<${Buffer.from(v).toString("hex")}>`;
  if (typeof v === "string") return JSON.stringify(v);
  return util.inspect(v, { depth: 6, breakLength: Infinity });
}

function runCase(fn, mod) {
  try {
    return show(fn(mod.Buffer, mod), mod);
  } catch (e) {
    return show(e, mod);
  }
}

// DUMP=1: print our results only (to compare runs on other engines).
const DUMP = !!process.env.DUMP;

function check(label, fn) {
  if (DUMP) { console.log(`${label} => ${runCase(fn, mine)}`); return; }
  const a = runCase(fn, mine), b = runCase(fn, theirs);
  if (a === b) { passed++; return; }
  failed++;
  failures.push(`FAIL ${label}\n   mine: ${a}\n   node: ${b}`);
}

// Compare only the error class (engine-worded errors).
function checkClass(label, fn) {
  const cls = (mod) => { try { fn(mod.Buffer, mod); return "no throw"; } catch (e) { return e.constructor.name; } };
  const a = cls(mine), b = cls(theirs);
  if (a === b) { passed++; return; }
  failed++;
  failures.push(`FAIL ${label}\n   mine: ${a}\n   node: ${b}`);
}

async function checkAsync(label, fn) {
  const run = async (mod) => { try { return show(await fn(mod.Buffer, mod), mod); } catch (e) { return show(e, mod); } };
  const a = await run(mine), b = await run(theirs);
  if (a === b) { passed++; return; }
  failed++;
  failures.push(`FAIL ${label}\n   mine: ${a}\n   node: ${b}`);
}

// Deterministic pseudo-random numbers.
let seed = 12345;
function rand(n) {
  seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
  return seed % n;
}
function randomBytes(n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(rand(256));
  return out;
}

const ENCODINGS = ["utf8", "utf-8", "UTF8", "Utf-8", "utf16le", "utf-16le", "ucs2", "ucs-2", "UCS2", "latin1",
  "binary", "BINARY", "base64", "BASE64", "base64url", "hex", "HEX", "ascii", "ASCII", "Latin1"];
const BAD_ENCODINGS = ["bogus", "utf16", "utf-16", "", null, 5, "utf32", "base-64", "Utf16LE "];
const STRINGS = ["", "a", "hello world", "caf\u00e9", "\u20ac uro", "\u4e2d\u6587\u5b57", "\ud83d\ude00 emoji",
  "lone \ud800 high", "lone \udc00 low", "end \ud83d", "\u0000\u0001\u007f\u0080\u00ff", "\ufeffbom",
  "aGVsbG8gd29ybGQ=", "aGVsbG8", "a+b/c-d_", "YQ==YQ==", "ab=cd", " Y Q = = ", "SGVsbG8\nV29ybGQ=",
  "deadbeef", "DEADBEEF", "abc", "zz", "0g", "12 34", "f", "The quick brown fox jumps over the lazy dog",
  "\u0100\u0101 over latin1", "x".repeat(70), "\u00e9".repeat(40)];

// ---------------------------------------------------------------------------
// 1. Module surface

check("exports keys", (B, m) => Object.keys(m).sort());
check("Buffer own names", (B) => Object.getOwnPropertyNames(B).sort());
check("prototype own names", (B) => Object.getOwnPropertyNames(B.prototype).sort());
check("constants", (B, m) => [m.kMaxLength, m.kStringMaxLength, m.constants, m.INSPECT_MAX_BYTES, B.poolSize]);
check("Buffer.length/name", (B) => [B.length, B.name, B.from.length, B.alloc.length, B.allocUnsafe.length,
  B.concat.length, B.byteLength.length, B.compare.length, B.prototype.write.length, B.prototype.copy.length,
  B.prototype.fill.length, B.prototype.toString.length, B.prototype.readUInt8.length,
  B.prototype.readUIntLE.length, B.prototype.writeUIntLE.length, B.prototype.writeUInt16LE.length,
  B.prototype.indexOf.length, B.prototype.slice.length, B.prototype.compare.length, B.from.name]);
check("prototype chain", (B) => [Object.getPrototypeOf(B) === Uint8Array,
  Object.getPrototypeOf(B.prototype) === Uint8Array.prototype, B.prototype.constructor === B,
  B.from("a") instanceof B, B.from("a") instanceof Uint8Array, B.from("a").constructor === B,
  B[Symbol.species].prototype === B.prototype, Object.prototype.toString.call(B.from("a"))]);
// (Node's float methods are named after its internal helpers,
// "readFloatForwards" etc.; ours keep their public names: not compared.)
check("method names", (B) => ["readUint8", "readUInt16LE", "readUint32BE", "writeUint16LE", "readBigUint64LE",
  "writeBigUint64BE", "readUintLE", "writeUintBE", "readIntBE", "swap16",
  "toLocaleString", "subarray", "slice"].map((k) => B.prototype[k].name));
check("alias identity", (B) => [B.prototype.readUint8 === B.prototype.readUInt8,
  B.prototype.writeUint32LE === B.prototype.writeUInt32LE, B.prototype.readBigUint64BE === B.prototype.readBigUInt64BE,
  B.prototype.toLocaleString === B.prototype.toString, B.prototype.inspect === B.prototype[Symbol.for("nodejs.util.inspect.custom")]]);
check("descriptor parent", (B) => { const d = Object.getOwnPropertyDescriptor(B.prototype, "parent"); return [typeof d.get, d.enumerable, d.configurable]; });
check("descriptor INSPECT_MAX_BYTES", (B, m) => { const d = Object.getOwnPropertyDescriptor(m, "INSPECT_MAX_BYTES"); return [typeof d.get, typeof d.set, d.enumerable]; });
check("parent/offset", (B) => { const b = B.alloc(10000).subarray(5); return [b.parent === b.buffer, b.offset]; });
check("parent on non-buffer", (B) => [Object.getOwnPropertyDescriptor(B.prototype, "parent").get.call(new Uint8Array(2)),
  Object.getOwnPropertyDescriptor(B.prototype, "offset").get.call({})]);

// ---------------------------------------------------------------------------
// 2. Buffer.from

for (const s of STRINGS) {
  for (const enc of ENCODINGS) {
    check(`from(${JSON.stringify(s)}, ${enc})`, (B) => B.from(s, enc));
  }
  check(`from(${JSON.stringify(s)})`, (B) => B.from(s));
}
for (const enc of BAD_ENCODINGS) {
  check(`from('abc', ${JSON.stringify(enc)})`, (B) => B.from("abc", enc));
  check(`from('', ${JSON.stringify(enc)})`, (B) => B.from("", enc));
}
const FROM_VALUES = {
  "array": () => [1, 2, 3],
  "array wrap": () => [256, -1, 1.7, "5", "a", null, undefined, NaN, Infinity, -0.5, 255.9, true],
  "empty array": () => [],
  "Uint16Array": () => new Uint16Array([1, 256, 65535]),
  "Float64Array": () => new Float64Array([1.5, -1, 300]),
  "Int8Array": () => new Int8Array([-1, -128, 127]),
  "Uint8Array": () => new Uint8Array([9, 8, 7]),
  "array-like": () => ({ length: 3, 0: 1, 1: "2", 2: 300 }),
  "array-like no number length": () => ({ length: "3", 0: 1 }),
  "array-like negative length": () => ({ length: -3, 0: 1 }),
  "array-like fractional length": () => ({ length: 2.5, 0: 1, 1: 2, 2: 3 }),
  "json form": () => ({ type: "Buffer", data: [1, 2, 3] }),
  "json form bad": () => ({ type: "Buffer", data: "abc" }),
  "String object": () => new String("str obj"),
  "valueOf string": () => ({ valueOf() { return "from valueOf"; } }),
  "valueOf array": () => ({ valueOf() { return [7, 8]; } }),
  "valueOf number": () => ({ valueOf() { return 5; } }),
  "toPrimitive": () => ({ [Symbol.toPrimitive](hint) { return `prim:${hint}`; } }),
  "toPrimitive number": () => ({ [Symbol.toPrimitive]() { return 5; } }),
  "object": () => ({}),
  "null": () => null,
  "undefined": () => undefined,
  "number": () => 5,
  "boolean": () => true,
  "symbol": () => Symbol("s"),
  "function": () => function foo() {},
  "bigint": () => 5n,
  "long string": () => "x".repeat(40),
  "Map": () => new Map(),
  "null proto": () => Object.create(null),
  "DataView": () => new DataView(new ArrayBuffer(4)),
  "object with buffer": () => ({ buffer: new ArrayBuffer(2) }),
};
for (const [label, make] of Object.entries(FROM_VALUES)) {
  check(`from(${label})`, (B) => B.from(make()));
}
checkClass("from(BigInt64Array)", (B) => B.from(new BigInt64Array([1n, -1n, 257n])));
check("from two-byte hex", (B) => [B.from("\u0161\u0162", "hex"), B.from("a\u0162", "hex"), B.from("\u3d3dYQ", "base64"), B.from("Y\u0151", "base64")]);
check("from(Buffer) copies", (B) => { const a = B.from([1, 2, 3]); const b = B.from(a); b[0] = 9; return [a, b]; });
check("from(Uint8Array) copies", (B) => { const a = new Uint8Array([1, 2, 3]); const b = B.from(a); b[0] = 9; return [a, b]; });
check("from(subarray view)", (B) => B.from(new Uint8Array([1, 2, 3, 4]).subarray(1, 3)));
check("from(Buffer, encoding ignored)", (B) => B.from(B.from("abc"), "hex"));
for (const [off, len] of [[undefined, undefined], [1, undefined], [1, 2], [0, 0], [4, undefined], [5, undefined],
  [2, 3], ["1", "2"], [NaN, NaN], [-1, undefined], [1.5, 1], [0, -1], [undefined, 2], [null, null], [0, 4.5], [3, 1]]) {
  check(`from(ArrayBuffer, ${off}, ${len})`, (B) => {
    const ab = new Uint8Array([1, 2, 3, 4]).buffer;
    const b = B.from(ab, off, len);
    new Uint8Array(ab)[1] = 99; // shares memory
    return [b, b.byteOffset, b.buffer === ab];
  });
}
checkClass("from(ArrayBuffer, -5)", (B) => B.from(new ArrayBuffer(4), -5));
check("from(SharedArrayBuffer)", (B) => { const s = new SharedArrayBuffer(3); const b = B.from(s, 1); b[0] = 5; return [b, new Uint8Array(s)]; });
check("from(ArrayBuffer) length", (B) => B.from(new ArrayBuffer(4)).length);
check("of", (B) => [B.of(1, 2, 300), B.of(), B.of("1", "x")]);
check("from(array, enc) ignores", (B) => B.from([1, 2], "hex"));

// ---------------------------------------------------------------------------
// 3. alloc / allocUnsafe / allocUnsafeSlow / SlowBuffer

const SIZES = [0, 1, 5, 4095, 4096, 8192, 1.5, -1, NaN, "5", null, undefined, Infinity, 2 ** 53, {}, 5n, -0];
for (const size of SIZES) {
  const label = typeof size === "bigint" ? `${size}n` : util.inspect(size);
  check(`alloc(${label})`, (B) => { const b = B.alloc(size); return [b.length, b.every((x) => x === 0)]; });
  check(`allocUnsafe(${label})`, (B) => B.allocUnsafe(size).length);
  check(`allocUnsafeSlow(${label})`, (B) => B.allocUnsafeSlow(size).length);
  check(`SlowBuffer(${label})`, (B, m) => m.SlowBuffer(size).length);
}
for (const [fill, enc] of [[1], [257], [-1], ["a"], ["abc"], ["", undefined], ["\u00e9"], ["\u00e9", "latin1"],
  ["\u00e9", "ascii"], ["6162", "hex"], ["zz", "hex"], ["YWJj", "base64"], ["ab", "ucs2"], ["a", "bogus"], ["a", 5],
  [B => B.from([1, 2])], [new Uint8Array([7, 8, 9])], [new Uint16Array([0x102])], [new Uint8Array(0)], [true],
  [{}], [null], [1.9], [NaN], [0], ["\u20ac", "utf8"], ["x", null], ["x", ""]]) {
  check(`alloc(7, ${util.inspect(fill)}, ${enc})`, (B) => B.alloc(7, typeof fill === "function" ? fill(B) : fill, enc));
}
check("alloc(3, 'ab', 'bogus')", (B) => B.alloc(3, "ab", "bogus"));
check("alloc(0, 'ab', 'bogus')", (B) => B.alloc(0, "ab", "bogus"));
check("allocUnsafe pooled", (B) => { const b = B.allocUnsafe(10); return [b.buffer.byteLength === B.poolSize, B.allocUnsafeSlow(10).buffer.byteLength]; });
check("from(string) pooled", (B) => [B.from("abc").buffer.byteLength === B.poolSize, B.from("x".repeat(5000)).buffer.byteLength]);
check("alloc not pooled", (B) => B.alloc(10).buffer.byteLength);
check("Buffer(number)", (B) => B(3));
check("new Buffer(string, enc)", (B) => new B("6162", "hex"));
check("Buffer(number, string)", (B) => B(3, "utf8"));
check("new Buffer(array)", (B) => new B([1, 2]));
check("class extends Buffer", (B) => { class C extends B {} const c = new C(2); return [c, c instanceof C, c instanceof B]; });

// ---------------------------------------------------------------------------
// 4. toString and the encodings

const SAMPLE_BYTES = [[], [0x61], [0xe9], [0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0xff, 0xfe, 0x41, 0x00],
  [0xef, 0xbb, 0xbf, 0x41], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0x80], [0xe0, 0x80, 0x80], [0x80],
  [0xf0, 0x9f, 0x98], [0xe2, 0x82], [0x00, 0xd8], [0x00, 0xd8, 0x00, 0xdc], [0x00, 0xdc, 0x41, 0x00], [0x41, 0x00, 0x42],
  [0x7f, 0x80, 0xff], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xc2], [0xe1, 0x80, 0x41]];
for (let i = 0; i < 60; i++) SAMPLE_BYTES.push(randomBytes(1 + rand(40)));
for (let i = 0; i < 20; i++) {
  // mostly-valid UTF-8 with damage
  const s = Buffer.from("h\u00e9llo \u20ac w\u00f6rld \ud83d\ude00 ok").toJSON().data;
  s[rand(s.length)] = rand(256);
  SAMPLE_BYTES.push(s);
}
for (const bytes of SAMPLE_BYTES) {
  for (const enc of ["utf8", "utf16le", "latin1", "ascii", "base64", "base64url", "hex", "binary", "ucs2"]) {
    check(`toString(${enc}) of ${Buffer.from(bytes).toString("hex")}`, (B) => B.from(bytes).toString(enc));
  }
  check(`roundtrip base64 ${bytes.length}`, (B) => { const b = B.from(bytes); return B.from(b.toString("base64"), "base64").equals(b); });
}
check("toString()", (B) => B.from("h\u00e9llo").toString());
for (const [enc, s, e] of [["utf8", 1, 3], ["utf8", -1, 2], ["utf8", 2, 1], ["utf8", 0, 100], ["utf8", "a", 2],
  ["utf8", 1.7, 2.9], ["hex", 1, undefined], ["hex", undefined, 2], [undefined, 1, undefined], ["utf8", 5, 9],
  ["utf8", NaN, NaN], ["latin1", null, null], ["utf8", "1", "3"], ["base64", 1, 4], ["utf8", -Infinity, Infinity],
  [null, 0, 1], ["", 0, 1], ["bogus", 0, 1], ["bogus", 3, 1], [5, 0, 2], [{ toString() { return "hex"; } }, 0, 2]]) {
  check(`toString(${util.inspect(enc)}, ${s}, ${e})`, (B) => B.from("abcdef").toString(enc, s, e));
}
check("toLocaleString", (B) => B.from("abc").toLocaleString("hex"));
for (const m of ["asciiSlice", "base64Slice", "base64urlSlice", "latin1Slice", "hexSlice", "ucs2Slice", "utf8Slice"]) {
  for (const args of [[], [1], [1, 3], [0, 10], [3, 1], [-1, 2], [7, 8]]) {
    check(`${m}(${args})`, (B) => B.from("abcdef")[m](...args));
  }
}
for (const m of ["asciiWrite", "base64Write", "base64urlWrite", "latin1Write", "hexWrite", "ucs2Write", "utf8Write"]) {
  for (const args of [["6162"], ["6162", 1], ["6162", 1, 1], ["6162", 7], ["6162", 2, 100], [5], ["YWJj", 0, 0], ["6162", -1]]) {
    check(`${m}(${args})`, (B) => { const b = B.alloc(6); const n = b[m](...args); return [n, b]; });
  }
}

// ---------------------------------------------------------------------------
// 5. byteLength, isEncoding, isBuffer, compare, concat

for (const s of STRINGS) {
  for (const enc of [...ENCODINGS, undefined, "bogus"]) {
    check(`byteLength(${JSON.stringify(s)}, ${enc})`, (B) => B.byteLength(s, enc));
  }
}
for (const v of [new ArrayBuffer(5), new Uint16Array(3), new DataView(new ArrayBuffer(7)), 5, null, {}, [1, 2], undefined]) {
  check(`byteLength(${util.inspect(v)})`, (B) => B.byteLength(v));
}
for (const enc of [...ENCODINGS, ...BAD_ENCODINGS, undefined, "UTF-16LE", "Binary", {}, "utf8 ", "latin-1"]) {
  check(`isEncoding(${util.inspect(enc)})`, (B) => B.isEncoding(enc));
}
check("isBuffer", (B) => [B.isBuffer(B.alloc(1)), B.isBuffer(new Uint8Array(1)), B.isBuffer(null), B.isBuffer({}),
  B.isBuffer(B.alloc(4).subarray(1)), B.isBuffer(B.alloc(4).map((x) => x))]);
for (const [a, b] of [["abc", "abc"], ["abc", "abd"], ["abd", "abc"], ["ab", "abc"], ["abc", "ab"], ["", ""], ["", "a"]]) {
  check(`compare(${a}, ${b})`, (B) => [B.compare(B.from(a), B.from(b)), B.from(a).compare(B.from(b)), B.from(a).equals(B.from(b))]);
}
check("compare(Uint8Array)", (B) => B.compare(new Uint8Array([1]), new Uint8Array([2])));
check("compare bad 1", (B) => B.compare("a", B.from("a")));
check("compare bad 2", (B) => B.compare(B.from("a"), [1]));
check("compare sort", (B) => [B.from("b"), B.from("a"), B.from("ab"), B.from("")].sort(B.compare));
for (const args of [[], [0], [1], [0, 2], [0, 3, 0, 3], [1, 3, 1, 3], [0, 1, 2, 3], [5], [0, 5], [0, 2, 5], [0, 2, 0, 5],
  [-1], [1.5], ["1"], [null], [undefined, undefined, 1], [3, 3, 0, 0], [0, 0, 1, 2], [2, 1], [4, 5], [0, 3, 3, 2], [3, 10]]) {
  check(`instance compare(${args})`, (B) => B.from("abc").compare(B.from("abc"), ...args));
  check(`instance compare bcd(${args})`, (B) => B.from("abcd").compare(B.from("bcd"), ...args));
}
check("compare bad target", (B) => B.from("a").compare("a"));
for (const [list, len] of [[["a", "bc", "def"]], [["a", "bc"], 2], [["a", "bc"], 10], [[], undefined], [[], 5],
  [["abc"], 0], [["abc"], -1], [["abc"], 1.5], [["abc"], "2"], [["a"], null]]) {
  check(`concat(${list}, ${len})`, (B) => B.concat(list.map((s) => B.from(s)), len));
}
check("concat Uint8Array", (B) => B.concat([new Uint8Array([1, 2]), B.from([3])]));
check("concat not array", (B) => B.concat("abc"));
check("concat bad element", (B) => B.concat([B.from("a"), "b"]));
check("concat array-like element", (B) => B.concat([[1, 2]]));
check("concat single is copy", (B) => { const a = B.from("abc"); const c = B.concat([a]); c[0] = 0x7a; return [a, c, c === a]; });
check("concat large", (B) => B.concat([B.alloc(5000, 1), B.alloc(5000, 2)]).reduce((s, x) => s + x, 0));
check("copyBytesFrom", (B) => [B.copyBytesFrom(new Uint16Array([1, 2, 3])), B.copyBytesFrom(new Uint16Array([1, 2, 3]), 1),
  B.copyBytesFrom(new Uint16Array([1, 2, 3]), 1, 1), B.copyBytesFrom(new Float32Array([1]), 0, 5), B.copyBytesFrom(new Uint8Array(0)),
  B.copyBytesFrom(new Uint8Array([1, 2]), 5)]);
for (const args of [[[1]], [new Uint8Array([1]), -1], [new Uint8Array([1]), 1.5], [new Uint8Array([1]), 0, "1"], [new DataView(new ArrayBuffer(2))]]) {
  check(`copyBytesFrom bad ${util.inspect(args)}`, (B) => B.copyBytesFrom(...args));
}

// ---------------------------------------------------------------------------
// 6. write

for (const s of ["abc", "h\u00e9llo", "\u20ac\u20ac", "\ud83d\ude00x", "6162zz63", "YWJjZA==", "", "\ud800"]) {
  for (const enc of [undefined, "utf8", "hex", "base64", "base64url", "latin1", "ascii", "ucs2"]) {
    for (const [off, len] of [[undefined, undefined], [0, undefined], [1, undefined], [0, 1], [0, 2], [0, 3], [2, 3], [5, 5], [6, 1]]) {
      check(`write(${JSON.stringify(s)}, ${off}, ${len}, ${enc})`, (B) => {
        const b = B.alloc(6, 0x2e);
        const n = enc === undefined ? (len === undefined ? (off === undefined ? b.write(s) : b.write(s, off)) : b.write(s, off, len))
          : b.write(s, off, len, enc);
        return [n, b];
      });
    }
  }
}
for (const args of [["abc", "hex"], ["abc", "bogus"], ["abc", 0, "bogus"], ["abc", 0, 2, 5], ["abc", 0, 2, null],
  ["abc", 0, 2, "UTF8"], ["abc", 4], ["abc", 1, 5], ["abc", "hex", 1], ["abc", undefined, 1], ["abc", null], ["abc", -1],
  ["abc", 1.5], ["abc", "1"], ["abc", 0, -1], ["abc", 0, 1.5], [5], [5, 0], [5, "hex"], [5, 0, 1, "bogus"], [null, 0],
  ["abc", 3], ["abc", 0, 0], ["abc", NaN], ["abc", 0, NaN], ["abcd", 1, 2, "latin1"], ["\u00e9\u00e9", 0, 3],
  ["\u20ac", 0, 2], ["\u20ac", 0, 3, "utf8"], ["ab", 0, 3, "ucs2"]]) {
  check(`write args ${util.inspect(args)}`, (B) => { const b = B.alloc(4); const n = b.write(...args); return [n, b]; });
}

// ---------------------------------------------------------------------------
// 7. fill

for (const args of [[1], [0x1ff], [-1], [1.5], ["a"], ["ab"], ["abc", 1], ["abc", 1, 5], ["abc", "hex"], ["6162", "hex"],
  ["6162", 1, "hex"], ["6162", 1, 4, "hex"], ["zz", "hex"], ["a", "bogus"], ["a", 0, 3, 5], ["a", 0, 3, null],
  ["", 0], ["\u00e9"], ["\u00e9", "latin1"], ["\u00e9", "ucs2"], ["\u20ac"], ["\u20ac", "latin1"], [true], [false],
  [{}], [null], [undefined], [[1, 2]], [new Uint8Array([1, 2, 3])], [new Uint8Array(0)], [new Uint16Array([0x201])],
  [5, 0, 7], [5, 0, 8], [5, -1], [5, 1.5], [5, "1"], [5, 2, 1], [5, 3, 3], [5, 0, -1], [5, NaN], [5, 0, NaN],
  [5, undefined, 3], ["a", undefined, 3], ["x", 1, undefined, "utf8"], [5, 1], [5, 1, 4], ["abcdefghijkl"],
  ["YWJj", "base64"], ["YWJj", "base64url"], ["a", "ascii"], ["a", "UTF8"], ["ab", "utf16le"]]) {
  check(`fill ${util.inspect(args)}`, (B) => B.alloc(7).fill(...args));
}
checkClass("fill(0n)", (B) => B.alloc(3).fill(0n));
checkClass("fill(symbol)", (B) => B.alloc(3).fill(Symbol.iterator));
check("fill returns this", (B) => { const b = B.alloc(3); return b.fill(1) === b; });
check("fill large pattern", (B) => B.alloc(10000).fill("abc").toString("latin1", 9990));

// ---------------------------------------------------------------------------
// 8. indexOf / lastIndexOf / includes

const HAY = "this is a buffer with a buffer in it, \u00e9\u20ac\ud83d\ude00 end";
const NEEDLES = ["a", "buffer", "is", "", "zzz", "\u00e9", "\u20ac", "\ud83d\ude00", "end", "t", "this is a buffer with a buffer in it, too long needle x"];
const OFFSETS = [undefined, 0, 1, 5, 17, -1, -5, -100, 100, 1.5, "2", null, NaN, Infinity, -Infinity, 2 ** 40, true, [], {}];
for (const n of NEEDLES) {
  for (const off of OFFSETS) {
    check(`indexOf(${JSON.stringify(n)}, ${util.inspect(off)})`, (B) => {
      const b = B.from(HAY);
      return [b.indexOf(n, off), b.lastIndexOf(n, off), b.includes(n, off)];
    });
  }
  for (const enc of ["utf8", "latin1", "ucs2", "hex", "base64", "ascii", "binary", "utf16le", "base64url"]) {
    check(`indexOf(${JSON.stringify(n)}, enc ${enc})`, (B) => {
      const b = B.from(HAY, enc === "hex" || enc.startsWith("base64") ? "utf8" : enc);
      return [b.indexOf(n, enc), b.lastIndexOf(n, enc), b.indexOf(n, 3, enc), b.lastIndexOf(n, -3, enc),
        b.indexOf(B.from(n, enc === "hex" || enc.startsWith("base64") ? "utf8" : enc), 0, enc)];
    });
  }
}
for (const v of [97, 97 + 256, -159, 0x20, 1000, 97.9, -1, 0, NaN]) {
  for (const off of [undefined, 0, 3, -3, 100, -100]) {
    check(`indexOf(number ${v}, ${off})`, (B) => { const b = B.from("abcabc\u00ff"); return [b.indexOf(v, off), b.lastIndexOf(v, off)]; });
  }
}
for (const v of [true, null, undefined, {}, [97], Symbol("x"), 5n]) {
  check(`indexOf(${util.inspect(v)})`, (B) => B.from("abc").indexOf(v));
}
check("indexOf Uint8Array", (B) => B.from("abcabc").indexOf(new Uint8Array([98, 99]), 2));
check("indexOf Uint16Array", (B) => B.from("abcabc").indexOf(new Uint16Array([1])));
{
  // Periodic haystacks push the search onto its Knuth-Morris-Pratt path.
  const hay = ("a".repeat(300) + "b").repeat(60);
  const needles = ["a".repeat(300) + "b" + "a".repeat(300), "a".repeat(301) + "b", "b" + "a".repeat(300) + "b",
    "a".repeat(299) + "ba", "ab" + "a".repeat(250), "a".repeat(200)];
  for (const needle of needles) {
    for (const off of [undefined, 0, 5000, -5000, 17999]) {
      check(`periodic indexOf ${needle.length} ${off}`, (B) => {
        const b = B.from(hay);
        return [b.indexOf(needle, off), b.lastIndexOf(needle, off), b.indexOf(B.from(needle), off), b.lastIndexOf(B.from(needle), off)];
      });
    }
  }
}
check("indexOf empty buffer", (B) => [B.alloc(0).indexOf("a"), B.alloc(0).indexOf(""), B.alloc(0).indexOf(0), B.alloc(0).lastIndexOf(""),
  B.alloc(0).indexOf(B.alloc(0)), B.alloc(0).lastIndexOf("a", -1)]);
check("indexOf bad encoding string", (B) => B.from("abc").indexOf("b", 0, "bogus"));
check("indexOf bad encoding number", (B) => B.from("abc").indexOf(98, 0, "bogus"));
check("indexOf bad encoding buffer", (B) => B.from("abc").indexOf(B.from("b"), 0, "bogus"));
check("indexOf enc as offset", (B) => [B.from("abc").indexOf("b", "latin1"), B.from("a\u0000b\u0000", "latin1").indexOf("b", "ucs2")]);
check("ucs2 alignment", (B) => {
  const b = B.from("xa\u0000b\u0000c\u0000", "latin1");
  return [b.indexOf("b", "ucs2"), b.indexOf("a", "ucs2"), b.lastIndexOf("c", "ucs2"), B.from("abc", "ucs2").indexOf("bc", "ucs2"),
    B.from("abc", "ucs2").lastIndexOf("a", "ucs2"), B.from("abc", "ucs2").lastIndexOf("b", 1, "ucs2"), B.from("abc", "ucs2").indexOf("b", 3, "ucs2"),
    B.from("abcd", "ucs2").indexOf(B.from("c", "ucs2"), 0, "ucs2"), B.from("abcd", "ucs2").indexOf(B.from([0x63]), 0, "ucs2")];
});
check("lastIndexOf edges", (B) => {
  const b = B.from("abcab");
  return [b.lastIndexOf("ab", 2), b.lastIndexOf("ab", 4), b.lastIndexOf("ab", 10), b.lastIndexOf("ab", -1), b.lastIndexOf("ab", -6),
    b.lastIndexOf("b", 0), b.lastIndexOf("", 2), b.lastIndexOf("", -10), b.lastIndexOf("abcab", 0), b.lastIndexOf("abcabc")];
});
check("indexOf hex/base64 needles", (B) => {
  const b = B.from("abcdef");
  return [b.indexOf("6364", 0, "hex"), b.indexOf("zz", 0, "hex"), b.indexOf("Y2Q=", 0, "base64"), b.indexOf("6", 0, "hex"), b.lastIndexOf("6566", "hex")];
});
{
  const big = "ab".repeat(3000) + "needle" + "ab".repeat(3000);
  check("indexOf big", (B) => { const b = B.from(big); return [b.indexOf("needle"), b.lastIndexOf("ab"), b.indexOf("abn"), b.includes("needlex")]; });
}

// ---------------------------------------------------------------------------
// 9. slice / subarray / copy / equals / toJSON / swap / iteration

for (const args of [[], [1], [1, 3], [-2], [-2, -1], [3, 1], [0, 100], [-100], [1.5, 3.7], ["1", "3"], [NaN, 2], [null, undefined],
  [undefined, 2], [Infinity], [-Infinity, Infinity], [2 ** 40], [{}, []]]) {
  check(`slice(${util.inspect(args)})`, (B) => { const b = B.from("abcdef"); const s = b.slice(...args); s.fill(0x2a); return [s, b, s instanceof B]; });
  check(`subarray(${util.inspect(args)})`, (B) => { const b = B.from("abcdef"); const s = b.subarray(...args); return [s, s.byteOffset - b.byteOffset, s instanceof B]; });
}
check("Uint8Array.prototype.slice on buffer", (B) => { const b = B.from("abc"); const s = Uint8Array.prototype.slice.call(b, 1); s[0] = 0; return [s, b, s instanceof B]; });
check("map/filter species", (B) => { const b = B.from([1, 2, 3]); return [b.map((x) => x * 2), b.filter((x) => x > 1), b.map((x) => x) instanceof B]; });
for (const args of [[], [0], [2], [0, 1], [0, 1, 3], [1, 0, 2], [-1], [0, -1], [0, 0, -1], [0, 7], [0, 0, 100], [10], [0, 5, 2],
  [1.5], ["1"], [NaN, NaN], [0, 2, 2], [null], [undefined, undefined, 3], [0, 0, 2 ** 60]]) {
  check(`copy(${util.inspect(args)})`, (B) => { const src = B.from("abcdef"); const dst = B.alloc(4, 0x2e); const n = src.copy(dst, ...args); return [n, dst]; });
}
check("copy overlapping", (B) => { const b = B.from("abcdefgh"); b.copy(b, 2, 0, 5); const c = B.from("abcdefgh"); c.copy(c, 0, 2); return [b, c]; });
check("copy big overlapping", (B) => { const b = B.alloc(100); for (let i = 0; i < 100; i++) b[i] = i; b.copy(b, 10, 0, 80); return b; });
check("copy to Uint16Array", (B) => { const t = new Uint16Array(2); B.from([1, 2, 3, 4]).copy(t); return t; });
check("copy bad target", (B) => B.from("a").copy([1]));
check("copy.call non-view", (B) => B.prototype.copy.call([1], B.alloc(2)));
check("equals", (B) => [B.from("a").equals(B.from("a")), B.from("a").equals(new Uint8Array([97])), B.from("a").equals(B.from("ab")),
  B.alloc(0).equals(B.alloc(0))]);
check("equals bad", (B) => B.from("a").equals("a"));
check("toJSON", (B) => [B.from("ab").toJSON(), B.alloc(0).toJSON(), JSON.stringify(B.from([1, 2])), JSON.stringify({ b: B.from("x") })]);
check("JSON roundtrip", (B) => B.from(JSON.parse(JSON.stringify(B.from("hello")))));
for (const n of [16, 32, 64]) {
  for (const len of [0, 2, 4, 8, 16, 3, 6, 12]) {
    check(`swap${n} len ${len}`, (B) => { const b = B.alloc(len); for (let i = 0; i < len; i++) b[i] = i; const r = b[`swap${n}`](); return [r === b, b]; });
  }
}
check("iteration", (B) => { const b = B.from("abc"); return [[...b], [...b.keys()], [...b.values()], [...b.entries()]]; });
check("for-of", (B) => { const out = []; for (const x of B.from([5, 6])) out.push(x); return out; });

// ---------------------------------------------------------------------------
// 10. numbers: read/write

const NUM_METHODS = [
  ["UInt8", 1], ["Int8", 1], ["UInt16LE", 2], ["UInt16BE", 2], ["Int16LE", 2], ["Int16BE", 2],
  ["UInt32LE", 4], ["UInt32BE", 4], ["Int32LE", 4], ["Int32BE", 4], ["FloatLE", 4], ["FloatBE", 4],
  ["DoubleLE", 8], ["DoubleBE", 8], ["BigUInt64LE", 8], ["BigUInt64BE", 8], ["BigInt64LE", 8], ["BigInt64BE", 8],
];
const BYTES10 = [0x01, 0x82, 0xff, 0x7f, 0x00, 0x80, 0x3f, 0xf0, 0x12, 0xfe];
for (const [name, size] of NUM_METHODS) {
  for (const off of [undefined, 0, 1, 10 - size, 11 - size, 10, -1, 1.5, "1", null, NaN, Infinity, -0, {}, 2 ** 33, 1n]) {
    check(`read${name}(${util.inspect(off)})`, (B) => B.from(BYTES10)[`read${name}`](off));
  }
  check(`read${name} small buffer`, (B) => B.alloc(size - 1)[`read${name}`](0));
  check(`read${name} empty`, (B) => B.alloc(0)[`read${name}`]());
  const big = name.startsWith("Big");
  if (big) checkClass(`write${name}(number)`, (B) => B.alloc(10)[`write${name}`](5));
  const values = big ? [0n, 1n, -1n, 255n, 2n ** 63n - 1n, 2n ** 63n, -(2n ** 63n), -(2n ** 63n) - 1n, 2n ** 64n - 1n, 2n ** 64n]
    : [0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, 65535, 65536, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 2 ** 32 - 1,
      2 ** 32, 2 ** 33 + 1, -(2 ** 33) - 1, 1.5, -1.5, 0.1, 1e300, -0, NaN, Infinity, -Infinity, "12", null, undefined, true, {}, "abc", 3.4e38, 1e-45];
  for (const v of values) {
    for (const off of [undefined, 0, 10 - size, 11 - size, -1, 0.5, "0"]) {
      check(`write${name}(${util.inspect(v)}, ${util.inspect(off)})`, (B) => {
        const b = B.alloc(10);
        const r = off === undefined ? b[`write${name}`](v) : b[`write${name}`](v, off);
        return [r, b];
      });
    }
  }
}
for (const kind of ["UIntLE", "UIntBE", "IntLE", "IntBE"]) {
  for (const bl of [1, 2, 3, 4, 5, 6, 0, 7, 1.5, undefined, "2", null, -1, NaN]) {
    for (const off of [0, 1, 10 - (typeof bl === "number" && bl > 0 && bl < 7 ? Math.floor(bl) : 1), 9, -1, 1.5, undefined, "0"]) {
      check(`read${kind}(${util.inspect(off)}, ${util.inspect(bl)})`, (B) => B.from(BYTES10)[`read${kind}`](off, bl));
    }
    const signed = kind.startsWith("Int");
    const vals = [0, 1, -1, -1.5, -(2 ** 32) - 0.5, 2 ** 32 + 0.5, -0.5, 255, 256, 2 ** 23, -(2 ** 23), 2 ** 24 - 1, 2 ** 31, 2 ** 32, 2 ** 39, -(2 ** 39), 2 ** 40 - 1, 2 ** 40,
      2 ** 47 - 1, 2 ** 47, -(2 ** 47), -(2 ** 47) - 1, 2 ** 48 - 1, 2 ** 48, 1.5, NaN, "7", 123456789012];
    for (const v of vals) {
      check(`write${kind}(${v}, 2, ${util.inspect(bl)})`, (B) => { const b = B.alloc(10); const r = b[`write${kind}`](v, 2, bl); return [r, b]; });
    }
    void signed;
  }
  check(`write${kind} offset undefined`, (B) => B.alloc(10)[`write${kind}`](1, undefined, 2));
  check(`write${kind} offset too big`, (B) => B.alloc(10)[`write${kind}`](1, 9, 2));
  check(`write${kind} small buffer`, (B) => B.alloc(2)[`write${kind}`](1, 0, 3));
}
// round trips over random values
for (let i = 0; i < 40; i++) {
  const bytes = randomBytes(8);
  check(`random reads ${Buffer.from(bytes).toString("hex")}`, (B) => {
    const b = B.from(bytes);
    return [b.readDoubleLE(), b.readDoubleBE(), b.readFloatLE(1), b.readFloatBE(2), b.readBigInt64BE(), b.readBigUInt64LE(),
      b.readIntLE(1, 6), b.readIntBE(2, 5), b.readUIntLE(0, 6), b.readUIntBE(1, 3), b.readInt32BE(3), b.readInt16LE(5)];
  });
}
check("float specials", (B) => {
  const b = B.alloc(8);
  const out = [];
  for (const v of [NaN, Infinity, -Infinity, -0, 5e-324, 1.7976931348623157e308, 3.4028235e38, 1.401298464324817e-45, 0.1]) {
    b.writeDoubleBE(v); out.push(b.toString("hex"));
    b.writeFloatLE(v); out.push(b.toString("hex"), b.readFloatLE());
  }
  return out;
});

// ---------------------------------------------------------------------------
// 11. inspect

check("inspect small", (B) => util.inspect(B.from("hi")));
check("inspect empty", (B) => util.inspect(B.alloc(0)));
check("inspect 50", (B) => util.inspect(B.alloc(50, 1)));
check("inspect 51", (B) => util.inspect(B.alloc(51, 1)));
check("inspect 60", (B) => util.inspect(B.alloc(60, 0xab)));
check("inspect nested", (B) => util.inspect({ a: [B.from("x"), { b: B.from([1, 2]) }] }));
check("inspect extra props", (B) => { const b = B.from("hi"); b.foo = 1; b.bar = "x"; return util.inspect(b); });
check("inspect extra props empty", (B) => { const b = B.alloc(0); b.foo = { a: 1 }; return util.inspect(b); });
check("inspect symbol prop", (B) => { const b = B.from("hi"); b[Symbol("s")] = 2; return util.inspect(b); });
check("inspect hidden", (B) => { const b = B.from("hi"); Object.defineProperty(b, "h", { value: 3, enumerable: false }); return [util.inspect(b), util.inspect(b, { showHidden: true })]; });
check("inspect colors", (B) => util.inspect({ b: B.from("hi") }, { colors: true }));
check("inspect subarray", (B) => util.inspect(B.from("hello").subarray(1, 3)));
check("inspect method", (B) => B.from("hi").inspect());
check("INSPECT_MAX_BYTES set", (B, m) => { const old = m.INSPECT_MAX_BYTES; m.INSPECT_MAX_BYTES = 2; const s = util.inspect(B.from("abcd")); m.INSPECT_MAX_BYTES = old; return s; });
check("INSPECT_MAX_BYTES bad", (B, m) => { m.INSPECT_MAX_BYTES = -1; });
check("INSPECT_MAX_BYTES bad type", (B, m) => { m.INSPECT_MAX_BYTES = "5"; });
check("format %o", (B) => util.format("%s|%j", B.from("ab"), B.from("ab")));

// ---------------------------------------------------------------------------
// 12. isUtf8 / isAscii / transcode / atob / btoa

for (const bytes of SAMPLE_BYTES) {
  check(`isUtf8 ${Buffer.from(bytes).toString("hex")}`, (B, m) => [m.isUtf8(B.from(bytes)), m.isAscii(B.from(bytes)),
    m.isUtf8(new Uint8Array(bytes).buffer), m.isAscii(new Uint8Array(bytes))]);
}
check("isUtf8 bad", (B, m) => m.isUtf8("x"));
check("isAscii bad", (B, m) => m.isAscii(null));
check("isUtf8 Uint16Array", (B, m) => [m.isUtf8(new Uint16Array([0xffff])), m.isAscii(new Uint16Array([0x80])), m.isAscii(new DataView(new ArrayBuffer(2)))]);
check("isUtf8 detached", (B, m) => { const ab = new ArrayBuffer(2); structuredClone(ab, { transfer: [ab] }); return m.isUtf8(ab); });
check("isAscii detached", (B, m) => { const ab = new ArrayBuffer(2); structuredClone(ab, { transfer: [ab] }); return m.isAscii(new Uint8Array(ab)); });
const TC_ENCS = ["utf8", "utf16le", "ucs2", "latin1", "binary", "ascii", "UTF-8", "UCS-2"];
for (const text of ["hello", "caf\u00e9", "\u20ac\u00e9", "\ud83d\ude00\u00e9", "\u0000\u007f"]) {
  for (const fromE of TC_ENCS) {
    for (const toE of TC_ENCS) {
      check(`transcode(${JSON.stringify(text)}, ${fromE}, ${toE})`, (B, m) => m.transcode(B.from(text, fromE.toLowerCase() === "ucs-2" ? "ucs2" : fromE.toLowerCase()), fromE, toE));
    }
  }
}
for (const bytes of [[0xff, 0x41], [0x00, 0xd8, 0x41, 0x00], [0xff, 0x41, 0xd8], [0xc3], [0xed, 0xa0, 0x80], [0x80, 0x81]]) {
  for (const [f, t] of [["utf8", "ucs2"], ["ucs2", "utf8"], ["utf8", "utf8"], ["ascii", "utf8"], ["ascii", "ascii"],
    ["ucs2", "latin1"], ["latin1", "ucs2"], ["utf8", "latin1"], ["ascii", "ucs2"], ["ucs2", "ucs2"]]) {
    check(`transcode ${Buffer.from(bytes).toString("hex")} ${f}->${t}`, (B, m) => m.transcode(B.from(bytes), f, t));
  }
}
for (const args of [["x", "utf8", "ucs2"], [null, "utf8", "ucs2"], ["buf", "utf8", "hex"], ["buf", "base64", "utf8"], ["buf", 5, "ucs2"],
  ["buf", undefined, "ucs2"], ["buf", "utf8", undefined], ["empty", "utf8", "hex"], ["u8", "utf8", "ucs2"], ["buf", "bogus", "utf8"]]) {
  check(`transcode args ${util.inspect(args)}`, (B, m) => {
    const src = args[0] === "buf" ? B.from("ab") : args[0] === "empty" ? B.alloc(0) : args[0] === "u8" ? new Uint8Array([0x61]) : args[0];
    const r = m.transcode(src, args[1], args[2]);
    return r;
  });
}
check("transcode error props", (B, m) => { try { m.transcode(B.from("a"), "utf8", "hex"); } catch (e) { return [e.code, e.errno, e.message, Object.keys(e)]; } });
check("atob/btoa", (B, m) => [m.btoa("hello"), m.atob("aGVsbG8="), typeof m.atob, m.btoa("\u00ff")]);

// ---------------------------------------------------------------------------
// 13. Blob and File

const blobCases = {
  "strings": (B, m) => new m.Blob(["ab", "c"]),
  "mixed": (B, m) => new m.Blob(["a", new Uint8Array([98]), new Uint16Array([0x6463]).buffer, B.from("e"), 5, null, { toString: () => "o" }]),
  "nested": (B, m) => new m.Blob([new m.Blob(["in"]), "out"]),
  "type": (B, m) => new m.Blob(["x"], { type: "Text/Plain;Charset=UTF-8" }),
  "bad type": (B, m) => new m.Blob(["x"], { type: "t\u00e9xt" }),
  "type number": (B, m) => new m.Blob(["x"], { type: 5 }),
  "empty": (B, m) => new m.Blob(),
  "endings native": (B, m) => new m.Blob(["a\r\nb\rc\n"], { endings: "native" }),
  "endings transparent": (B, m) => new m.Blob(["a\r\nb"], { endings: "transparent" }),
  "endings bad": (B, m) => new m.Blob(["a"], { endings: "x" }),
  "sources string": (B, m) => new m.Blob("abc"),
  "sources number": (B, m) => new m.Blob(5),
  "sources null": (B, m) => new m.Blob(null),
  "options number": (B, m) => new m.Blob([], 5),
  "options null": (B, m) => new m.Blob([], null),
  "sources set": (B, m) => new m.Blob(new Set(["a", "b"])),
  "file": (B, m) => new m.File(["abc"], "a.txt", { type: "text/plain", lastModified: 42 }),
  "file missing": (B, m) => new m.File(["abc"]),
  "file lastModified string": (B, m) => new m.File([], "n", { lastModified: "7" }),
  "file lastModified NaN": (B, m) => new m.File([], "n", { lastModified: "x" }),
  "file name object": (B, m) => new m.File([], { toString: () => "obj" }, { lastModified: 1.9 }),
};
for (const [label, make] of Object.entries(blobCases)) {
  check(`Blob ${label}`, (B, m) => { const b = make(B, m); return [util.inspect(b), b.size, b.type, Object.prototype.toString.call(b), b instanceof m.Blob]; });
}
check("File props", (B, m) => { const f = new m.File(["abc"], 42, { lastModified: 5 }); return [f.name, f.lastModified, f instanceof m.Blob, f instanceof m.File]; });
check("File default lastModified", (B, m) => { const f = new m.File([], "x"); return Math.abs(f.lastModified - Date.now()) < 1000; });
check("Blob prototype keys", (B, m) => [Object.keys(m.Blob.prototype), Object.keys(m.File.prototype)]);
for (const args of [[], [1], [1, 3], [-2], [0, -1], [5, 1], [1, 3, "Text/X"], [undefined, undefined, "T"], ["1", "2"], [NaN], [0, 100]]) {
  checkAsync(`Blob slice ${util.inspect(args)}`, async (B, m) => { const s = new m.Blob(["abcdef"], { type: "a/b" }).slice(...args); return [s.size, s.type, await s.text()]; });
}
checkAsync("Blob text", (B, m) => new m.Blob(["h\u00e9", B.from([0xff])]).text());
checkAsync("Blob text bom", (B, m) => new m.Blob([B.from([0xef, 0xbb, 0xbf, 0x41])]).text());
checkAsync("Blob arrayBuffer", async (B, m) => { const ab = await new m.Blob(["abc"]).arrayBuffer(); return [ab instanceof ArrayBuffer, new Uint8Array(ab)]; });
checkAsync("Blob bytes", async (B, m) => { const u = await new m.Blob(["abc"]).bytes(); return [u instanceof Uint8Array, u]; });
checkAsync("Blob copies input", async (B, m) => { const src = new Uint8Array([1, 2]); const b = new m.Blob([src]); src[0] = 9; return new Uint8Array(await b.arrayBuffer()); });
checkAsync("Blob text bad this", (B, m) => m.Blob.prototype.text.call({}));
check("Blob size bad this", (B, m) => Object.getOwnPropertyDescriptor(m.Blob.prototype, "size").get.call({}));
check("resolveObjectURL", (B, m) => [m.resolveObjectURL("blob:nodedata:abc"), m.resolveObjectURL("x")]);
for (const [label, parts] of [["bytes", ["ab", new Uint8Array([0, 255])]], ["empty", []]]) {
  checkAsync(`Blob stream ${label}`, async (B, m) => {
    const out = [];
    for await (const chunk of new m.Blob(parts).stream()) out.push(...chunk);
    return out;
  });
}

// ---------------------------------------------------------------------------
// 14. Speed: large conversions must be linear.

function time(fn) {
  const t0 = process.hrtime.bigint();
  const r = fn();
  return [Number(process.hrtime.bigint() - t0) / 1e6, r];
}
{
  const big = Buffer.alloc(4 << 20);
  for (let i = 0; i < big.length; i++) big[i] = (i * 7919) & 0xff;
  const text = "h\u00e9llo w\u00f6rld \u20ac \ud83d\ude00 ".repeat(150000);
  const report = [];
  const mineBig = MB.from(big);
  for (const enc of ["base64", "hex", "latin1", "utf16le", "utf8", "base64url", "ascii"]) {
    const [t1, s] = time(() => mineBig.toString(enc));
    const [t2, back] = time(() => MB.from(s, enc));
    const ok = s === big.toString(enc) && (enc === "utf8" || enc === "ascii" ? true : back.equals(big));
    if (ok) passed++;
    else { failed++; failures.push(`FAIL 4 MB ${enc} round trip`); }
    report.push(`${enc} ${t1.toFixed(0)}/${t2.toFixed(0)} ms`);
  }
  const [t3, enc8] = time(() => MB.from(text));
  const [t4, dec8] = time(() => enc8.toString());
  if (dec8 === text && Buffer.from(text).equals(enc8)) passed++;
  else { failed++; failures.push("FAIL 3 MB utf8 text round trip"); }
  report.push(`utf8 text ${(enc8.length / 1e6).toFixed(1)} MB ${t3.toFixed(0)}/${t4.toFixed(0)} ms`);
  const [t5, idx] = time(() => mineBig.indexOf(MB.from([1, 2, 3, 4, 5, 6, 7, 8, 9])));
  if (idx === big.indexOf(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9]))) passed++;
  else { failed++; failures.push("FAIL 4 MB indexOf"); }
  report.push(`indexOf ${t5.toFixed(0)} ms`);
  // Inputs that make a naive search quadratic.
  const hay = "a".repeat(1 << 20) + "b" + "a".repeat(1 << 20);
  const mhay = MB.from(hay), nhay = Buffer.from(hay);
  for (const [needle, what] of [["a".repeat(3000) + "b", "aaa..ab"], ["b" + "a".repeat(3000), "baa..a"], ["a".repeat(3000) + "c", "absent"]]) {
    const [t, got] = time(() => [mhay.indexOf(needle), mhay.lastIndexOf(needle), mhay.includes(needle, 5)]);
    const want = [nhay.indexOf(needle), nhay.lastIndexOf(needle), nhay.includes(needle, 5)];
    if (JSON.stringify(got) === JSON.stringify(want) && t < 5000) passed++;
    else { failed++; failures.push(`FAIL adversarial indexOf ${what}: ${JSON.stringify(got)} vs ${JSON.stringify(want)} in ${t} ms`); }
    report.push(`${what} ${t.toFixed(0)} ms`);
  }
  console.log(`4 MB toString/from: ${report.join(", ")}`);
}

// ---------------------------------------------------------------------------

setTimeout(() => {
  for (const f of failures) console.log(f);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}, 50);
