// web_streams_compression.js - CompressionStream and DecompressionStream
// (see web_streams.js), transform streams over host.zlib. Loaded on first use.
"use strict";

const { codedError, invalidArgType, invalidThis } = require("web_errors");
const {
  customInspect, encoder, finishClass, isArrayBufferView, kInspect,
} = require("web_streams_util");
const { TransformStream } = require("web_streams_transform");

// ====================================================== compression streams
//
// Over host.zlib: one handle per stream, closed when the stream ends, errors
// or is canceled (and by a finalizer if the guest drops it half-way).

const ZLIB_KIND = {
  compress: { deflate: 1, "deflate-raw": 5, gzip: 3, brotli: 9 },
  decompress: { deflate: 2, "deflate-raw": 6, gzip: 4, brotli: 8 },
};
const Z_NO_FLUSH = 0;
const Z_FINISH = 4;
// brotli's operations, in place of zlib's flush values
const BROTLI_OPERATION_PROCESS = 0, BROTLI_OPERATION_FINISH = 2;

let zlibRegistry;
function zlibFinalizer() {
  if (zlibRegistry === undefined) {
    zlibRegistry = typeof FinalizationRegistry === "function"
      ? new FinalizationRegistry((cell) => {
        if (cell.id !== 0) host.zlib.close(cell.id);
      })
      : null;
  }
  return zlibRegistry;
}

function compressionFormat(name, format) {
  const s = `${format}`;
  if (s !== "deflate" && s !== "deflate-raw" && s !== "gzip" && s !== "brotli") {
    throw codedError(TypeError, "ERR_INVALID_ARG_VALUE",
      `Failed to construct '${name}': 1st argument value '${s}' is not a valid enum value of type CompressionFormat.`);
  }
  return s;
}

// Node reports zlib failures (the Z_* codes) as a TypeError carrying the
// zlib error as its cause; brotli's own failures (ERR_* codes) come as they
// are.
function zlibError(message, code, errno) {
  const cause = new Error(message);
  cause.errno = errno;
  cause.code = code;
  if (!String(code).startsWith("Z_")) return cause;
  const err = new TypeError("", { cause });
  err.code = code;
  return err;
}

function chunkBytes(chunk) {
  if (typeof chunk === "string") return encoder().encode(chunk);
  if (isArrayBufferView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  throw invalidArgType("chunk", "of type string or an instance of Buffer, TypedArray, or DataView", chunk);
}

// The transformer shared by CompressionStream and DecompressionStream.
class ZlibTransformer {
  constructor(kind, format, inflate) {
    this.kind = kind;
    this.gzip = format === "gzip";
    this.brotli = format === "brotli";
    this.inflate = inflate;
    this.cell = { id: this.openHandle() };
    this.ended = false; // the compressed stream reached its end
    const registry = zlibFinalizer();
    if (registry !== null) registry.register(this, this.cell);
  }

  openHandle() {
    return this.brotli ? host.zlib.brotliOpen(this.kind) : host.zlib.open(this.kind, -1, 15, 8, 0);
  }

  close() {
    if (this.cell.id !== 0) {
      host.zlib.close(this.cell.id);
      this.cell.id = 0;
    }
  }

  // Feed bytes to zlib and enqueue what comes out, as one chunk per call.
  run(controller, bytes, flush) {
    const z = host.zlib;
    let out = null; // the output so far, when a second gzip member follows
    for (;;) {
      if (this.ended) {
        if (bytes.byteLength === 0) return;
        // Another gzip member may follow; anything else is junk.
        if (!this.gzip) {
          this.close();
          throw codedError(TypeError, "ERR_TRAILING_JUNK_AFTER_STREAM_END",
            "Trailing junk found after the end of the compressed stream");
        }
        this.close();
        this.cell.id = this.openHandle();
        this.ended = false;
      }
      // brotli: one call writes all the output there is (64 KB steps)
      const r = this.brotli
        ? z.write(this.cell.id, bytes, flush === Z_FINISH ? BROTLI_OPERATION_FINISH : BROTLI_OPERATION_PROCESS, 0, 0, 65536)
        : z.write(this.cell.id, bytes, flush);
      if (r.error) {
        this.close();
        throw zlibError(r.code === "Z_BUF_ERROR" ? "unexpected end of file" : r.error, r.code, r.errno);
      }
      let chunk = r.out;
      if (out !== null) {
        chunk = new Uint8Array(out.byteLength + r.out.byteLength);
        chunk.set(out);
        chunk.set(r.out, out.byteLength);
      }
      if (this.inflate && r.end) {
        this.ended = true;
        if (r.rest > 0) {
          out = chunk;
          bytes = bytes.subarray(bytes.byteLength - r.rest);
          continue;
        }
      }
      if (chunk.byteLength > 0) controller.enqueue(chunk);
      return;
    }
  }

  transform(chunk, controller) {
    const bytes = chunkBytes(chunk);
    try {
      this.run(controller, bytes, Z_NO_FLUSH);
    } catch (err) {
      this.close();
      throw err;
    }
  }

  flush(controller) {
    try {
      if (this.inflate && this.ended) return;
      this.run(controller, new Uint8Array(0), Z_FINISH);
      if (this.inflate && !this.ended) throw zlibError("unexpected end of file", "Z_BUF_ERROR", -5);
    } finally {
      this.close();
    }
  }

  cancel() {
    this.close();
  }
}

function zlibTransformStream(name, format, compress) {
  format = compressionFormat(name, format);
  const kind = (compress ? ZLIB_KIND.compress : ZLIB_KIND.decompress)[format];
  return new TransformStream(new ZlibTransformer(kind, format, !compress));
}

class CompressionStream {
  #ts;

  constructor(format) {
    this.#ts = zlibTransformStream("CompressionStream", format, true);
  }

  get readable() {
    if (!(#ts in Object(this))) throw invalidThis("CompressionStream");
    return this.#ts.readable;
  }

  get writable() {
    if (!(#ts in Object(this))) throw invalidThis("CompressionStream");
    return this.#ts.writable;
  }

  [kInspect](depth, options, inspect) {
    return customInspect("CompressionStream", { readable: this.#ts.readable, writable: this.#ts.writable },
      depth, options, inspect);
  }
}

finishClass(CompressionStream, ["readable", "writable"]);

class DecompressionStream {
  #ts;

  constructor(format) {
    this.#ts = zlibTransformStream("DecompressionStream", format, false);
  }

  get readable() {
    if (!(#ts in Object(this))) throw invalidThis("DecompressionStream");
    return this.#ts.readable;
  }

  get writable() {
    if (!(#ts in Object(this))) throw invalidThis("DecompressionStream");
    return this.#ts.writable;
  }

  [kInspect](depth, options, inspect) {
    return customInspect("DecompressionStream", { readable: this.#ts.readable, writable: this.#ts.writable },
      depth, options, inspect);
  }
}

finishClass(DecompressionStream, ["readable", "writable"]);

Object.assign(exports, { CompressionStream, DecompressionStream });
