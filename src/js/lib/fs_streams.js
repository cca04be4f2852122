// fs_streams.js - fs.ReadStream and fs.WriteStream over the sandbox's fds.
const { Readable, Writable } = require("node_stream").module;
const core = require("fs_core");
const { sync } = core;

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
    if (this.fd !== null) {
      this.pending = false;
      return cb();
    }
    try {
      this.fd = sync.openSync(this.path, this.flags, this.mode);
    } catch (e) {
      return cb(e);
    }
    this.pending = false;
    this.emit("open", this.fd);
    this.emit("ready");
    cb();
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
    if (this.fd !== null && this.autoClose) {
      try { sync.closeSync(this.fd); } catch {}
      this.fd = null;
    }
    cb(err);
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
    if (this.fd !== null) {
      this.pending = false;
      return cb();
    }
    try {
      this.fd = sync.openSync(this.path, this.flags, this.mode);
    } catch (e) {
      return cb(e);
    }
    this.pending = false;
    this.emit("open", this.fd);
    this.emit("ready");
    cb();
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
    if (this.fd !== null && this.autoClose) {
      try { sync.closeSync(this.fd); } catch {}
      this.fd = null;
    }
    cb(err);
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
