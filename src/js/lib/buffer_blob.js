// buffer_blob.js - node:buffer's Blob and File (see node_buffer.js), and
// resolveObjectURL.
"use strict";

const {
  argTypeError, codedError, encoding, inspectSymbol, invalidArgValue, isAnyArrayBuffer,
} = require("buffer_util");
const { utf8Encoder } = require("buffer_encodings");

// ---------------------------------------------------------------------------
// Blob and File

const blobBytes = new WeakMap();

function blobPartBytes(part, endings) {
  if (part instanceof Blob) return blobBytes.get(part);
  if (isAnyArrayBuffer(part)) return new Uint8Array(part).slice();
  if (ArrayBuffer.isView(part)) return new Uint8Array(part.buffer, part.byteOffset, part.byteLength).slice();
  let s = `${part}`;
  if (endings === "native") s = s.replace(/\r\n|\r/g, "\n");
  return utf8Encoder.encode(s);
}

function normalizeType(type) {
  const s = `${type}`;
  return /[^\u0020-\u007e]/.test(s) ? "" : s.toLowerCase();
}

class Blob {
  constructor(sources = [], options = undefined) {
    if (sources === null || typeof sources !== "object" || typeof sources[Symbol.iterator] !== "function") {
      throw argTypeError("sources", "a sequence", sources);
    }
    if (options !== undefined && options !== null && typeof options !== "object" && typeof options !== "function") {
      throw argTypeError("options", "a dictionary", options);
    }
    const endings = options == null || options.endings === undefined ? "transparent" : `${options.endings}`;
    if (endings !== "transparent" && endings !== "native") throw invalidArgValue("options.endings", endings);
    const parts = [];
    let size = 0;
    for (const part of sources) {
      const b = blobPartBytes(part, endings);
      parts.push(b);
      size += b.length;
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const b of parts) { bytes.set(b, at); at += b.length; }
    blobBytes.set(this, bytes);
    this.#type = options == null || options.type === undefined ? "" : normalizeType(options.type);
  }

  #type;

  static #bytes(self) {
    const b = blobBytes.get(self);
    if (b === undefined) throw codedError(TypeError, "ERR_INVALID_THIS", 'Value of "this" must be of type Blob');
    return b;
  }

  get size() { return Blob.#bytes(this).length; }

  get type() {
    Blob.#bytes(this);
    return this.#type;
  }

  slice(start = 0, end = undefined, contentType = "") {
    const bytes = Blob.#bytes(this);
    const size = bytes.length;
    const rel = (v, dflt) => {
      if (v === undefined) return dflt;
      v = Math.trunc(+v) || 0;
      return v < 0 ? Math.max(size + v, 0) : Math.min(v, size);
    };
    const s = rel(start, 0), e = rel(end, size);
    const b = new Blob([], { type: contentType });
    blobBytes.set(b, bytes.slice(s, Math.max(s, e)));
    return b;
  }

  text() {
    try {
      return Promise.resolve(new encoding.TextDecoder().decode(Blob.#bytes(this)));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  arrayBuffer() {
    try {
      return Promise.resolve(Blob.#bytes(this).slice().buffer);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  bytes() {
    try {
      return Promise.resolve(Blob.#bytes(this).slice());
    } catch (err) {
      return Promise.reject(err);
    }
  }

  // A byte stream of a copy of the bytes, in one chunk (as Node 22 reads it).
  stream() {
    const bytes = Blob.#bytes(this);
    return require("web_streams").internals.bytesStream(bytes.slice());
  }

  [inspectSymbol](depth, options, inspect) {
    if (depth < 0) return this;
    const fn = typeof inspect === "function" ? inspect : require("inspect").inspect;
    const opts = Object.assign({}, options, { depth: options && options.depth == null ? null : (options && options.depth) - 1 });
    const shown = { size: this.size, type: this.type };
    if (this instanceof File) {
      shown.name = this.name;
      shown.lastModified = this.lastModified;
    }
    return `${this.constructor.name} ${fn(shown, opts)}`;
  }
}

Object.defineProperty(Blob.prototype, Symbol.toStringTag, { value: "Blob", configurable: true });
// Node's member order and enumerability.
for (const k of ["type", "size", "slice", "arrayBuffer", "text", "bytes", "stream"]) {
  const d = Object.getOwnPropertyDescriptor(Blob.prototype, k);
  d.enumerable = true;
  delete Blob.prototype[k];
  Object.defineProperty(Blob.prototype, k, d);
}

class File extends Blob {
  #name;
  #lastModified;

  constructor(fileBits, fileName, options = {}) {
    if (arguments.length < 2) {
      throw codedError(TypeError, "ERR_MISSING_ARGS", 'The "fileBits" and "fileName" arguments must be specified');
    }
    super(fileBits, options);
    this.#name = `${fileName}`;
    let lastModified = options == null ? undefined : options.lastModified;
    if (lastModified !== undefined) {
      lastModified = +lastModified;
      if (Number.isNaN(lastModified)) lastModified = 0;
    } else {
      lastModified = Date.now();
    }
    this.#lastModified = lastModified;
  }

  get name() { return this.#name; }
  get lastModified() { return this.#lastModified; }
}

Object.defineProperty(File.prototype, Symbol.toStringTag, { value: "File", configurable: true });
for (const k of ["name", "lastModified"]) {
  const d = Object.getOwnPropertyDescriptor(File.prototype, k);
  d.enumerable = true;
  Object.defineProperty(File.prototype, k, d);
}

// No object URLs exist in the sandbox (URL.createObjectURL is not
// provided), so nothing resolves.
function resolveObjectURL(url) {
  void `${url}`;
  return undefined;
}

Object.assign(exports, { Blob, File, resolveObjectURL });
