// node_zlib.js - `zlib`: deflate, inflate, gzip, gunzip, raw and unzip, in
// sync, callback and stream forms, on host.zlib (zlib itself), and brotli
// (BrotliCompress/BrotliDecompress and their one-shot forms) on libbrotli.

const z = host.zlib;
const KIND = { deflate: 1, inflate: 2, gzip: 3, gunzip: 4, deflateRaw: 5, inflateRaw: 6, unzip: 7 };
const Z_NO_FLUSH = 0, Z_SYNC_FLUSH = 2, Z_FULL_FLUSH = 3, Z_FINISH = 4;

const constants = {
  Z_NO_FLUSH: 0, Z_PARTIAL_FLUSH: 1, Z_SYNC_FLUSH: 2, Z_FULL_FLUSH: 3, Z_FINISH: 4, Z_BLOCK: 5,
  Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3,
  Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6, Z_NO_COMPRESSION: 0, Z_BEST_SPEED: 1,
  Z_BEST_COMPRESSION: 9, Z_DEFAULT_COMPRESSION: -1, Z_FILTERED: 1, Z_HUFFMAN_ONLY: 2, Z_RLE: 3,
  Z_FIXED: 4, Z_DEFAULT_STRATEGY: 0, ZLIB_VERNUM: 4784, DEFLATE: 1, INFLATE: 2, GZIP: 3, GUNZIP: 4,
  DEFLATERAW: 5, INFLATERAW: 6, UNZIP: 7, BROTLI_DECODE: 8, BROTLI_ENCODE: 9, Z_MIN_WINDOWBITS: 8,
  Z_MAX_WINDOWBITS: 15, Z_DEFAULT_WINDOWBITS: 15, Z_MIN_CHUNK: 64, Z_MAX_CHUNK: Infinity,
  Z_DEFAULT_CHUNK: 16384, Z_MIN_MEMLEVEL: 1, Z_MAX_MEMLEVEL: 9, Z_DEFAULT_MEMLEVEL: 8, Z_MIN_LEVEL: -1,
  Z_MAX_LEVEL: 9, Z_DEFAULT_LEVEL: -1,
  BROTLI_OPERATION_PROCESS: 0, BROTLI_OPERATION_FLUSH: 1, BROTLI_OPERATION_FINISH: 2,
  BROTLI_OPERATION_EMIT_METADATA: 3, BROTLI_PARAM_MODE: 0, BROTLI_MODE_GENERIC: 0, BROTLI_MODE_TEXT: 1,
  BROTLI_MODE_FONT: 2, BROTLI_DEFAULT_MODE: 0, BROTLI_PARAM_QUALITY: 1, BROTLI_MIN_QUALITY: 0,
  BROTLI_MAX_QUALITY: 11, BROTLI_DEFAULT_QUALITY: 11, BROTLI_PARAM_LGWIN: 2, BROTLI_MIN_WINDOW_BITS: 10,
  BROTLI_MAX_WINDOW_BITS: 24, BROTLI_LARGE_MAX_WINDOW_BITS: 30, BROTLI_DEFAULT_WINDOW: 22,
  BROTLI_PARAM_LGBLOCK: 3, BROTLI_MIN_INPUT_BLOCK_BITS: 16, BROTLI_MAX_INPUT_BLOCK_BITS: 24,
  BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING: 4, BROTLI_PARAM_SIZE_HINT: 5, BROTLI_PARAM_LARGE_WINDOW: 6,
  BROTLI_PARAM_NPOSTFIX: 7, BROTLI_PARAM_NDIRECT: 8, BROTLI_DECODER_RESULT_ERROR: 0,
  BROTLI_DECODER_RESULT_SUCCESS: 1, BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT: 2,
  BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: 3, BROTLI_DECODER_PARAM_DISABLE_RING_BUFFER_REALLOCATION: 0,
  BROTLI_DECODER_PARAM_LARGE_WINDOW: 1, BROTLI_DECODER_NO_ERROR: 0, BROTLI_DECODER_SUCCESS: 1,
  BROTLI_DECODER_NEEDS_MORE_INPUT: 2, BROTLI_DECODER_NEEDS_MORE_OUTPUT: 3,
  BROTLI_DECODER_ERROR_FORMAT_EXUBERANT_NIBBLE: -1, BROTLI_DECODER_ERROR_FORMAT_RESERVED: -2,
  BROTLI_DECODER_ERROR_FORMAT_EXUBERANT_META_NIBBLE: -3, BROTLI_DECODER_ERROR_FORMAT_SIMPLE_HUFFMAN_ALPHABET: -4,
  BROTLI_DECODER_ERROR_FORMAT_SIMPLE_HUFFMAN_SAME: -5, BROTLI_DECODER_ERROR_FORMAT_CL_SPACE: -6,
  BROTLI_DECODER_ERROR_FORMAT_HUFFMAN_SPACE: -7, BROTLI_DECODER_ERROR_FORMAT_CONTEXT_MAP_REPEAT: -8,
  BROTLI_DECODER_ERROR_FORMAT_BLOCK_LENGTH_1: -9, BROTLI_DECODER_ERROR_FORMAT_BLOCK_LENGTH_2: -10,
  BROTLI_DECODER_ERROR_FORMAT_TRANSFORM: -11, BROTLI_DECODER_ERROR_FORMAT_DICTIONARY: -12,
  BROTLI_DECODER_ERROR_FORMAT_WINDOW_BITS: -13, BROTLI_DECODER_ERROR_FORMAT_PADDING_1: -14,
  BROTLI_DECODER_ERROR_FORMAT_PADDING_2: -15, BROTLI_DECODER_ERROR_FORMAT_DISTANCE: -16,
  BROTLI_DECODER_ERROR_DICTIONARY_NOT_SET: -19, BROTLI_DECODER_ERROR_INVALID_ARGUMENTS: -20,
  BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MODES: -21, BROTLI_DECODER_ERROR_ALLOC_TREE_GROUPS: -22,
  BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MAP: -25, BROTLI_DECODER_ERROR_ALLOC_RING_BUFFER_1: -26,
  BROTLI_DECODER_ERROR_ALLOC_RING_BUFFER_2: -27, BROTLI_DECODER_ERROR_ALLOC_BLOCK_TYPE_TREES: -30,
  BROTLI_DECODER_ERROR_UNREACHABLE: -31,
};

function B() { return require("node_buffer").Buffer; }

function toBytes(data) {
  if (typeof data === "string") return B().from(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  const err = new TypeError(`The "buffer" argument must be of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer. Received ${require("tasks").describe(data)}`);
  err.code = "ERR_INVALID_ARG_TYPE";
  throw err;
}

function zError(r) {
  const err = new Error(r.error === "zlib error" && r.code === "Z_BUF_ERROR" ? "unexpected end of file" : r.error);
  err.errno = r.errno;
  err.code = r.code;
  return err;
}

function open(kind, o = {}) {
  return z.open(KIND[kind], o.level ?? -1, o.windowBits ?? 15, o.memLevel ?? 8, o.strategy ?? 0);
}

// Node's checkRangesOrGetDefault: NaN means the default, a non-number is
// a TypeError, anything outside 1..kMaxLength a RangeError.
function maxOutput(o) {
  const m = o.maxOutputLength;
  if (m === undefined || Number.isNaN(m)) return 0;
  if (typeof m !== "number") {
    const err = new TypeError(`The "options.maxOutputLength" property must be of type number. Received ${require("tasks").describe(m)}`);
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }
  if (!Number.isFinite(m) || m < 1 || m > 9007199254740991) {
    const err = new RangeError(`The value of "options.maxOutputLength" is out of range. It must be ${Number.isFinite(m) ? ">= 1 and <= 9007199254740991" : "a finite number"}. Received ${require("inspect").inspect(m)}`);
    err.code = "ERR_OUT_OF_RANGE";
    throw err;
  }
  return m;
}

function processSync(kind, data, o = {}) {
  const max = maxOutput(o);
  const id = open(kind, o);
  try {
    const r = z.write(id, toBytes(data), o.finishFlush ?? Z_FINISH, max);
    if (r.tooLarge) {
      const err = new RangeError(`Cannot create a Buffer larger than ${max} bytes`);
      err.code = "ERR_BUFFER_TOO_LARGE";
      throw err;
    }
    if (r.error) throw zError(r);
    if (!r.end && (kind === "inflate" || kind === "gunzip" || kind === "unzip" || kind === "inflateRaw") &&
        (o.finishFlush ?? Z_FINISH) === Z_FINISH) {
      const err = new Error("unexpected end of file");
      err.errno = -5;
      err.code = "Z_BUF_ERROR";
      throw err;
    }
    const buf = B().from(r.out.buffer, r.out.byteOffset, r.out.byteLength);
    return o.info ? { buffer: buf, engine: null } : buf;
  } finally {
    z.close(id);
  }
}

for (const kind of Object.keys(KIND)) {
  exports[kind + "Sync"] = (data, opts) => processSync(kind, data, opts);
  exports[kind] = (data, opts, cb) => {
    if (typeof opts === "function") cb = opts, opts = {};
    let r, e;
    try { r = processSync(kind, data, opts); } catch (err) { e = err; }
    require("timers").setImmediate(() => (e ? cb(e) : cb(null, r)));
  };
}

// ---------------------------------------------------------------- streams

function streamClass(kind) {
  const { Transform } = require("node_stream").module;
  return class extends Transform {
    constructor(opts = {}) {
      super(opts);
      this._zid = open(kind, opts);
      this._zkind = kind;
      this.bytesWritten = 0;
    }
    _transform(chunk, enc, cb) {
      const bytes = toBytes(chunk);
      this.bytesWritten += bytes.byteLength;
      const r = z.write(this._zid, bytes, Z_NO_FLUSH);
      if (r.error) return cb(zError(r));
      if (r.out.byteLength) this.push(B().from(r.out.buffer, r.out.byteOffset, r.out.byteLength));
      cb();
    }
    _flush(cb) {
      const r = z.write(this._zid, new Uint8Array(0), Z_FINISH);
      z.close(this._zid);
      if (r.error) return cb(zError(r));
      if (r.out.byteLength) this.push(B().from(r.out.buffer, r.out.byteOffset, r.out.byteLength));
      cb();
    }
    flush(kindOrCb, cb) {
      if (typeof kindOrCb === "function") cb = kindOrCb;
      const r = z.write(this._zid, new Uint8Array(0), Z_SYNC_FLUSH);
      if (r.out.byteLength) this.push(B().from(r.out.buffer, r.out.byteOffset, r.out.byteLength));
      if (cb) require("tasks").nextTick(cb);
    }
    _destroy(err, cb) {
      z.close(this._zid);
      cb(err);
    }
    close(cb) {
      this.destroy();
      if (cb) this.once("close", cb);
    }
  };
}

const classes = {};
const names = { deflate: "Deflate", inflate: "Inflate", gzip: "Gzip", gunzip: "Gunzip", deflateRaw: "DeflateRaw", inflateRaw: "InflateRaw", unzip: "Unzip" };
for (const [kind, cls] of Object.entries(names)) {
  Object.defineProperty(exports, cls, {
    enumerable: true,
    configurable: true,
    get() { return (classes[cls] ||= streamClass(kind)); },
  });
  exports["create" + cls] = (opts) => new exports[cls](opts);
}

exports.constants = constants;
// The legacy copies on the module itself, as in Node: not enumerable, and
// none for the BROTLI_ names.
for (const k of Object.keys(constants)) {
  if (!k.startsWith("BROTLI")) Object.defineProperty(exports, k, { value: constants[k], enumerable: false, writable: false });
}
exports.codes = { Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3, Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6, "0": "Z_OK", "1": "Z_STREAM_END", "2": "Z_NEED_DICT", "-1": "Z_ERRNO", "-2": "Z_STREAM_ERROR", "-3": "Z_DATA_ERROR", "-4": "Z_MEM_ERROR", "-5": "Z_BUF_ERROR", "-6": "Z_VERSION_ERROR" };
exports.crc32 = (data, value = 0) => z.crc32(toBytes(data), value);

// ----------------------------------------------------------------- brotli
//
// As Node's lib/zlib.js does it: BrotliCompress and BrotliDecompress are
// Transform streams (callable without `new`); the one-shot forms build one
// and run the input through it. One write of the handle is one call of
// Node's binding, into an output buffer of chunkSize bytes: the sync form
// loops in C (host.zlib.write with space and step = chunkSize), streams
// loop here, one call at a time, and wait for the reader when push()
// says the readable side is full, so that a small compressed chunk cannot
// be inflated whole into memory.

const BROTLI_DECODE = 8, BROTLI_ENCODE = 9;
const BROTLI_OPERATION_PROCESS = 0, BROTLI_OPERATION_FLUSH = 1, BROTLI_OPERATION_FINISH = 2;
const kMaxBrotliParam = 8; // the largest BROTLI_PARAM_* value
const kMaxLength = 9007199254740991;
const kFlushFlag = Symbol("kFlushFlag");
const kError = Symbol("kError");
// Node ranks the flush kinds by these (zlib's numbering, also applied to
// brotli's operations), to pick the stronger of two.
const flushiness = [];
[Z_NO_FLUSH, 5, 1, Z_SYNC_FLUSH, Z_FULL_FLUSH, Z_FINISH].forEach((f, i) => { flushiness[f] = i; });
const maxFlush = (a, b) => (flushiness[a] > flushiness[b] ? a : b);
// The empty chunks flush() writes, one for each of zlib's flush kinds.
const kFlushBuffers = [];
for (const f of [Z_NO_FLUSH, 1, Z_SYNC_FLUSH, Z_FULL_FLUSH, Z_FINISH, 5]) kFlushBuffers[f] = null;

function errors() { return require("web_errors"); }

// Node's validateFiniteNumber: false for undefined/NaN (use the default).
function finiteNumber(v, name) {
  if (v === undefined || Number.isNaN(v)) return false;
  if (Number.isFinite(v)) return true;
  if (typeof v !== "number") throw errors().invalidArgType(name, "of type number", v);
  throw errors().outOfRange(name, "a finite number", v);
}

function rangeOrDefault(v, name, lower, upper, def) {
  if (!finiteNumber(v, name)) return def;
  if (v < lower || v > upper) throw errors().outOfRange(name, `>= ${lower} and <= ${upper}`, v);
  return v;
}

function brotliError(r) {
  const err = new Error(r.error);
  err.errno = r.errno;
  err.code = r.code;
  return err;
}

function tooLarge(max) {
  return errors().codedError(RangeError, "ERR_BUFFER_TOO_LARGE", `Cannot create a Buffer larger than ${max} bytes`);
}

function closeHandle(self) {
  if (!self._handle) return;
  z.close(self._handle);
  self._handle = null;
}

// Node's processCallback loop for one chunk of a stream.
function processChunk(self, chunk, flushFlag, cb) {
  if (!self._handle) return require("tasks").nextTick(cb);
  const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let inOff = 0;
  const run = () => {
    for (;;) {
      if (self.destroyed || !self._handle) return cb();
      const size = self._chunkSize;
      const r = z.write(self._handle, bytes.subarray(inOff), flushFlag, 0, size - self._outOffset, 0);
      if (r.error) {
        const err = brotliError(r);
        self.destroy(err);
        self[kError] = err;
        return;
      }
      const used = bytes.byteLength - inOff - r.rest;
      inOff += used;
      self.bytesWritten += used;
      let full = false;
      if (r.out.byteLength) {
        self._outOffset += r.out.byteLength;
        full = !self.push(B().from(r.out.buffer, r.out.byteOffset, r.out.byteLength));
      }
      if (self.destroyed) return cb();
      if (r.filled || self._outOffset >= size) self._outOffset = 0;
      if (r.filled) {
        if (!full) continue;
        // wait for the reader before producing more
        const oldRead = self._read;
        self._read = (n) => {
          self._read = oldRead;
          run();
          self._read(n);
        };
        return;
      }
      // input left over with room to spare: the stream ended before it
      if (r.rest > 0) self.push(null);
      return cb();
    }
  };
  run();
}

// Node's processChunkSync: the whole input, maxOutputLength checked after
// each call of chunkSize bytes.
function processChunkSync(self, bytes, flushFlag) {
  const r = z.write(self._handle, bytes, flushFlag, self._maxOutputLength, self._chunkSize, self._chunkSize);
  if (r.error) {
    closeHandle(self);
    throw brotliError(r);
  }
  if (r.tooLarge) {
    closeHandle(self);
    throw tooLarge(self._maxOutputLength);
  }
  self.bytesWritten = bytes.byteLength - r.rest;
  closeHandle(self);
  return B().from(r.out.buffer, r.out.byteOffset, r.out.byteLength);
}

let brotliClasses = null;
function brotli() {
  if (brotliClasses) return brotliClasses;
  const Stream = require("node_stream").module;
  const { Transform } = Stream;

  function Brotli(opts, mode) {
    const params = new Uint32Array(kMaxBrotliParam + 1).fill(-1);
    if (opts?.params) {
      for (const origKey of Object.keys(opts.params)) {
        const key = +origKey;
        if (Number.isNaN(key) || key < 0 || key > kMaxBrotliParam || (params[key] | 0) !== -1)
          throw errors().codedError(RangeError, "ERR_BROTLI_INVALID_PARAM", `${origKey} is not a valid Brotli parameter`);
        const value = opts.params[origKey];
        if (typeof value !== "number" && typeof value !== "boolean")
          throw errors().invalidArgType("options.params[key]", "of type number", value);
        params[key] = value;
      }
    }
    const handle = z.brotliOpen(mode, params);
    if (handle < 0) throw errors().codedError(Error, "ERR_ZLIB_INITIALIZATION_FAILED", "Initialization failed");

    // Node's ZlibBase
    let chunkSize = Z_DEFAULT_CHUNK_SIZE;
    let flush = BROTLI_OPERATION_PROCESS, finishFlush = BROTLI_OPERATION_FINISH;
    let maxOutputLength = kMaxLength;
    try {
      if (opts) {
        chunkSize = opts.chunkSize;
        if (!finiteNumber(chunkSize, "options.chunkSize")) chunkSize = Z_DEFAULT_CHUNK_SIZE;
        else if (chunkSize < 64) throw errors().outOfRange("options.chunkSize", ">= 64", chunkSize);
        flush = rangeOrDefault(opts.flush, "options.flush", 0, 3, flush);
        finishFlush = rangeOrDefault(opts.finishFlush, "options.finishFlush", 0, 3, finishFlush);
        maxOutputLength = rangeOrDefault(opts.maxOutputLength, "options.maxOutputLength", 1, kMaxLength, kMaxLength);
        if (opts.encoding || opts.objectMode || opts.writableObjectMode)
          opts = { ...opts, encoding: null, objectMode: false, writableObjectMode: false };
      }
    } catch (err) {
      z.close(handle);
      throw err;
    }
    Transform.call(this, { autoDestroy: true, ...opts });
    this[kError] = null;
    this._hadError = false;
    this.bytesWritten = 0;
    this._handle = handle;
    this._outOffset = 0;
    this._chunkSize = chunkSize;
    this._defaultFlushFlag = flush;
    this._finishFlushFlag = finishFlush;
    this._defaultFullFlushFlag = BROTLI_OPERATION_FLUSH;
    this._info = opts && opts.info;
    this._maxOutputLength = maxOutputLength;
  }
  Object.setPrototypeOf(Brotli.prototype, Transform.prototype);
  Object.setPrototypeOf(Brotli, Transform);

  Object.defineProperty(Brotli.prototype, "_closed", {
    configurable: true,
    enumerable: true,
    get() { return !this._handle; },
  });
  Brotli.prototype.reset = function reset() {
    if (!this._handle) {
      throw errors().codedError(Error, "ERR_INTERNAL_ASSERTION", "zlib binding closed\nThis is caused by either a bug in " +
        "Node.js or incorrect usage of Node.js internals.\nPlease open an issue with this stack trace at " +
        "https://github.com/nodejs/node/issues\n");
    }
    z.reset(this._handle);
  };
  Brotli.prototype._flush = function _flush(callback) {
    this._transform(B().alloc(0), "", callback);
  };
  Brotli.prototype._final = function _final(callback) {
    callback();
  };
  Brotli.prototype.flush = function flush(kind, callback) {
    if (typeof kind === "function" || (kind === undefined && !callback)) {
      callback = kind;
      kind = this._defaultFullFlushFlag;
    }
    if (this.writableFinished) {
      if (callback) require("tasks").nextTick(callback);
    } else if (this.writableEnded) {
      if (callback) this.once("end", callback);
    } else {
      // (a kind without a buffer writes undefined, which write() refuses)
      let marker = kFlushBuffers[kind];
      if (marker === null) {
        marker = kFlushBuffers[kind] = B().alloc(0);
        marker[kFlushFlag] = Number(kind);
      }
      this.write(marker, "", callback);
    }
  };
  Brotli.prototype.close = function close(callback) {
    if (callback) Stream.finished(this, callback);
    this.destroy();
  };
  Brotli.prototype._destroy = function _destroy(err, callback) {
    closeHandle(this);
    callback(err);
  };
  Brotli.prototype._transform = function _transform(chunk, encoding, cb) {
    let flushFlag = this._defaultFlushFlag;
    if (typeof chunk[kFlushFlag] === "number") flushFlag = chunk[kFlushFlag];
    // the last chunk also gets finishFlush
    if (this.writableEnded && this.writableLength === chunk.byteLength)
      flushFlag = maxFlush(flushFlag, this._finishFlushFlag);
    processChunk(this, chunk, flushFlag, cb);
  };
  Brotli.prototype._processChunk = function _processChunk(chunk, flushFlag, cb) {
    if (typeof cb === "function") processChunk(this, chunk, flushFlag, cb);
    else return processChunkSync(this, toBytes(chunk), flushFlag);
  };

  function BrotliCompress(opts) {
    if (!(this instanceof BrotliCompress)) return new BrotliCompress(opts);
    Brotli.call(this, opts, BROTLI_ENCODE);
  }
  Object.setPrototypeOf(BrotliCompress.prototype, Brotli.prototype);
  Object.setPrototypeOf(BrotliCompress, Brotli);

  function BrotliDecompress(opts) {
    if (!(this instanceof BrotliDecompress)) return new BrotliDecompress(opts);
    Brotli.call(this, opts, BROTLI_DECODE);
  }
  Object.setPrototypeOf(BrotliDecompress.prototype, Brotli.prototype);
  Object.setPrototypeOf(BrotliDecompress, Brotli);

  return (brotliClasses = { BrotliCompress, BrotliDecompress });
}
const Z_DEFAULT_CHUNK_SIZE = 16384;

// Node's zlibBufferSync
function brotliBufferSync(engine, buffer) {
  const bytes = toBytes(buffer);
  const out = processChunkSync(engine, bytes, engine._finishFlushFlag);
  return engine._info ? { buffer: out, engine } : out;
}

// Node's zlibBuffer, but run at once (as the sync form, so maxOutputLength
// stops a bomb the same way) with the result handed to the callback later.
function brotliBuffer(engine, buffer, callback) {
  require("tasks").validateFunction(callback, "callback");
  let bytes;
  if (buffer === null || buffer === undefined) bytes = new Uint8Array(0); // end() with no chunk
  else if (typeof buffer === "string") bytes = B().from(buffer);
  else if (ArrayBuffer.isView(buffer) || buffer instanceof ArrayBuffer) bytes = toBytes(buffer);
  else if (typeof SharedArrayBuffer === "function" && buffer instanceof SharedArrayBuffer) bytes = new Uint8Array(buffer);
  else {
    closeHandle(engine);
    throw errors().invalidArgType("chunk", "of type string or an instance of Buffer, TypedArray, or DataView", buffer);
  }
  let res, err;
  try { res = processChunkSync(engine, bytes, engine._finishFlushFlag); } catch (e) { err = e; }
  require("timers").setImmediate(() => {
    if (err) return callback(err);
    callback(null, engine._info ? { buffer: res, engine } : res);
  });
}

for (const [name, cls] of [["brotliCompress", "BrotliCompress"], ["brotliDecompress", "BrotliDecompress"]]) {
  Object.defineProperty(exports, cls, {
    enumerable: true,
    configurable: true,
    get() { return brotli()[cls]; },
  });
  exports["create" + cls] = (opts) => new (brotli()[cls])(opts);
  exports[name + "Sync"] = (buffer, opts) => brotliBufferSync(new (brotli()[cls])(opts), buffer);
  exports[name] = (buffer, opts, callback) => {
    if (typeof opts === "function") {
      callback = opts;
      opts = {};
    }
    return brotliBuffer(new (brotli()[cls])(opts), buffer, callback);
  };
}

// The module's keys in Node's order.
{
  const formats = ["deflate", "gzip", "deflateRaw", "unzip", "inflate", "gunzip", "inflateRaw", "brotliCompress", "brotliDecompress"];
  const classNames = ["Deflate", "Inflate", "Gzip", "Gunzip", "DeflateRaw", "InflateRaw", "Unzip", "BrotliCompress", "BrotliDecompress"];
  const order = ["crc32", ...classNames, ...formats.flatMap((f) => [f, f + "Sync"]),
    "createDeflate", "createInflate", "createDeflateRaw", "createInflateRaw", "createGzip", "createGunzip", "createUnzip",
    "createBrotliCompress", "createBrotliDecompress", "constants", "codes"];
  for (const k of order) {
    const d = Object.getOwnPropertyDescriptor(exports, k);
    delete exports[k];
    Object.defineProperty(exports, k, d);
  }
}
