// fs_streams.js - fs.ReadStream and fs.WriteStream over the sandbox's fds.
const { Readable, Writable } = require("node_stream").module;
const core = require("fs_core");
const { sync } = core;
const kHandle = Symbol("kHandle");

// `fd` a number or a FileHandle (fh.createReadStream / createWriteStream).
function takeFd(stream, fd) {
  if (fd === undefined || fd === null) return null;
  if (typeof fd !== "object") return fd;
  stream[kHandle] = fd;
  return fd.fd;
}

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

// A FileHandle given as `fd` is closed through the handle, as in Node, so
// that its own close() later is not a second close of a reused number.
function closeFor(stream, err, cb) {
  if (stream.fd !== null && stream.autoClose) {
    if (stream[kHandle]) stream[kHandle].close().catch(() => {});
    else try { sync.closeSync(stream.fd); } catch {}
    stream.fd = null;
  }
  cb(err);
}

// As Node's writeAll: a short write (the disk filled up) is followed by a
// write of the rest, so its error (ENOSPC) fails the stream instead of the
// rest being dropped and 'finish' emitted. The callback comes from the
// event loop, as Node's fs.write does, which gives Node's event order.
function writeChunks(stream, chunks, cb) {
  let size = 0;
  for (const c of chunks) size += c.length;
  let pos = stream.pos;
  if (stream.pos !== undefined) stream.pos += size;
  let err = null;
  try {
    for (const c of chunks) {
      for (let off = 0; off < c.length;) {
        const n = sync.writeSync(stream.fd, c, off, c.length - off, pos === undefined ? null : pos);
        off += n;
        stream.bytesWritten += n;
        if (pos !== undefined) pos += n;
      }
    }
  } catch (e) {
    err = e;
  }
  require("timers").setImmediate(cb, err);
}

class ReadStream extends Readable {
  constructor(path, options) {
    const o = typeof options === "string" ? { encoding: options } : options || {};
    super({ highWaterMark: o.highWaterMark ?? 64 * 1024, encoding: o.encoding, signal: o.signal });
    this.path = path === null || path === undefined ? undefined : core.toPath(path);
    this.fd = takeFd(this, o.fd);
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
    // A pipe (a box's stdin) is read once it has something: a blocking
    // read would hold up timers and everything else until then.
    if (this.fd !== null && host.fs.waitReadable(this.fd, () => { if (!this.destroyed) this._readNow(n); })) return;
    this._readNow(n);
  }
  _readNow(n) {
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
    this.fd = takeFd(this, o.fd);
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
    writeChunks(this, [chunk], cb);
  }
  // chunks queued while one was written go out together, as Node's writev
  _writev(entries, cb) {
    writeChunks(this, entries.map((e) => e.chunk), cb);
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
