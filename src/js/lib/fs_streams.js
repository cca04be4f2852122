// fs_streams.js - fs.ReadStream and fs.WriteStream over the sandbox's fds.
const { Readable, Writable } = require("node_stream").module;
const core = require("fs_core");
const { sync } = core;

// Open the stream's file unless it was given an fd (shared by both kinds).
function openFor(stream, cb) {
  if (stream.fd !== null) {
    stream.pending = false;
    return cb();
  }
  try {
    stream.fd = sync.openSync(stream.path, stream.flags, stream.mode);
  } catch (e) {
    return cb(e);
  }
  stream.pending = false;
  stream.emit("open", stream.fd);
  stream.emit("ready");
  cb();
}

function closeFor(stream, err, cb) {
  if (stream.fd !== null && stream.autoClose) {
    try { sync.closeSync(stream.fd); } catch {}
    stream.fd = null;
  }
  cb(err);
}

class ReadStream extends Readable {
  constructor(path, options) {
    const o = typeof options === "string" ? { encoding: options } : options || {};
    super({ highWaterMark: o.highWaterMark ?? 64 * 1024, encoding: o.encoding, signal: o.signal });
    this.path = path === null || path === undefined ? undefined : core.toPath(path);
    this.fd = o.fd === undefined || o.fd === null ? null : (typeof o.fd === "object" ? o.fd.fd : o.fd);
    this.flags = o.flags ?? "r";
    this.mode = o.mode ?? 0o666;
    this.start = o.start;
    this.end = o.end ?? Infinity;
    this.pos = this.start;
    this.bytesRead = 0;
    this.autoClose = o.autoClose ?? true;
    this.pending = true;
  }
  _construct(cb) {
    openFor(this, cb);
  }
  _read(n) {
    let want = n;
    if (this.end !== Infinity) {
      const left = this.end - (this.pos ?? this.bytesRead) + 1;
      if (left <= 0) return this.push(null);
      want = Math.min(n, left);
    }
    const buf = require("node_buffer").Buffer.allocUnsafe(want);
    let got;
    try {
      got = sync.readSync(this.fd, buf, 0, want, this.pos === undefined ? null : this.pos);
    } catch (e) {
      return this.destroy(e);
    }
    if (this.pos !== undefined) this.pos += got;
    this.bytesRead += got;
    this.push(got > 0 ? buf.subarray(0, got) : null);
  }
  _destroy(err, cb) {
    closeFor(this, err, cb);
  }
  close(cb) {
    this.destroy();
    if (cb) this.once("close", cb);
  }
}

class WriteStream extends Writable {
  constructor(path, options) {
    const o = typeof options === "string" ? { encoding: options } : options || {};
    super({ highWaterMark: o.highWaterMark, decodeStrings: true, signal: o.signal, emitClose: o.emitClose ?? true });
    this.path = path === null || path === undefined ? undefined : core.toPath(path);
    this.fd = o.fd === undefined || o.fd === null ? null : (typeof o.fd === "object" ? o.fd.fd : o.fd);
    this.flags = o.flags ?? "w";
    this.mode = o.mode ?? 0o666;
    this.start = o.start;
    this.pos = this.start;
    this.bytesWritten = 0;
    this.autoClose = o.autoClose ?? true;
    this.pending = true;
  }
  _construct(cb) {
    openFor(this, cb);
  }
  _write(chunk, encoding, cb) {
    try {
      const n = sync.writeSync(this.fd, chunk, 0, chunk.length, this.pos === undefined ? null : this.pos);
      if (this.pos !== undefined) this.pos += n;
      this.bytesWritten += n;
    } catch (e) {
      return cb(e);
    }
    cb();
  }
  _destroy(err, cb) {
    closeFor(this, err, cb);
  }
  close(cb) {
    if (cb) this.once("close", cb);
    this.end();
  }
}

exports.ReadStream = ReadStream;
exports.WriteStream = WriteStream;
exports.createReadStream = (path, options) => new ReadStream(path, options);
exports.createWriteStream = (path, options) => new WriteStream(path, options);
