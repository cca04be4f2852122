// node_zlib.js - `zlib`: deflate, inflate, gzip, gunzip, raw and unzip, in
// sync, callback and stream forms, on host.zlib (zlib itself). Brotli needs
// libbrotli, which the sandbox does not link yet: those calls refuse clearly.

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

function brotliUnavailable(name) {
  return function () {
    const err = new Error(`zlib.${name}(): brotli is not available in the sandbox yet (libbrotli is not linked)`);
    err.code = "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM";
    throw err;
  };
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
    get() { return (classes[cls] ||= streamClass(kind)); },
  });
  exports["create" + cls] = (opts) => new exports[cls](opts);
}

exports.constants = constants;
Object.assign(exports, constants);
exports.codes = { Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3, Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6, "0": "Z_OK", "1": "Z_STREAM_END", "2": "Z_NEED_DICT", "-1": "Z_ERRNO", "-2": "Z_STREAM_ERROR", "-3": "Z_DATA_ERROR", "-4": "Z_MEM_ERROR", "-5": "Z_BUF_ERROR", "-6": "Z_VERSION_ERROR" };
exports.crc32 = (data, value = 0) => z.crc32(toBytes(data), value);
for (const n of ["brotliCompress", "brotliCompressSync", "brotliDecompress", "brotliDecompressSync",
  "createBrotliCompress", "createBrotliDecompress"])
  exports[n] = brotliUnavailable(n);
