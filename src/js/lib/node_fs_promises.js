// node_fs_promises.js - `fs/promises` and FileHandle.
const core = require("fs_core");
const { sync, promisified } = core;

class FileHandle {
  constructor(fd) {
    this.fd = fd;
  }
  async read(buffer, offset, length, position) {
    if (buffer === undefined || (buffer !== null && typeof buffer === "object" && !ArrayBuffer.isView(buffer))) {
      const o = buffer || {};
      buffer = o.buffer || new Uint8Array(16384);
      offset = o.offset || 0;
      length = o.length === undefined ? buffer.byteLength - offset : o.length;
      position = o.position;
    }
    const bytesRead = sync.readSync(this.fd, buffer, offset, length, position);
    return { bytesRead, buffer };
  }
  async write(data, offsetOrPos, lengthOrEnc, position) {
    const bytesWritten = sync.writeSync(this.fd, data, offsetOrPos, lengthOrEnc, position);
    return { bytesWritten, buffer: data };
  }
  async readv(buffers, position) { return { bytesRead: sync.readvSync(this.fd, buffers, position), buffers }; }
  async writev(buffers, position) { return { bytesWritten: sync.writevSync(this.fd, buffers, position), buffers }; }
  async readFile(opts) { return sync.readFileSync(this.fd, opts); }
  async writeFile(data, opts) { return sync.writeFileSync(this.fd, data, opts); }
  async appendFile(data, opts) { return sync.writeFileSync(this.fd, data, opts); }
  async stat(opts) { return sync.fstatSync(this.fd, opts); }
  async truncate(len = 0) { return sync.ftruncateSync(this.fd, len); }
  async sync() { return sync.fsyncSync(this.fd); }
  async datasync() { return sync.fsyncSync(this.fd); }
  async chmod(mode) { return sync.fchmodSync(this.fd, mode); }
  async chown(uid, gid) { return sync.fchownSync(this.fd, uid, gid); }
  async utimes(a, m) { return sync.futimesSync(this.fd, a, m); }
  async close() {
    if (this.fd >= 0) {
      const fd = this.fd;
      this.fd = -1;
      sync.closeSync(fd);
    }
  }
  async [Symbol.asyncDispose]() { return this.close(); }
  async *readLines(opts) {
    const text = sync.readFileSync(this.fd, "utf8");
    const lines = text.split(/\r?\n/);
    if (lines[lines.length - 1] === "") lines.pop();
    yield* lines;
  }
  createReadStream(opts) { return require("fs_streams").createReadStream(null, { ...opts, fd: this }); }
  createWriteStream(opts) { return require("fs_streams").createWriteStream(null, { ...opts, fd: this }); }
}

const promises = {};
for (const [name, fn] of Object.entries(sync)) {
  if (typeof fn !== "function" || !name.endsWith("Sync")) continue;
  const base = name.slice(0, -4);
  if (base === "exists" || base === "read" || base === "write" || base === "close" || base.startsWith("f")) continue;
  promises[base] = promisified(fn);
}
// Node's promises.realpath is the native one ("file/" is ENOTDIR)
promises.realpath = promisified(sync.realpathSync.native);
promises.cp = core.cp;
// a bad id rejects at once (Node's are async functions), the result later
for (const name of ["chown", "lchown"]) {
  const later = promisified(sync[name + "Sync"]);
  promises[name] = { [name](path, uid, gid) {
    try {
      core.chownArgs(path, uid, gid);
    } catch (e) {
      return Promise.reject(e);
    }
    return later(path, uid, gid);
  } }[name];
}
promises.open = async (path, flags, mode) => new FileHandle(sync.openSync(path, flags, mode));
promises.readFile = async (path, opts) => (path instanceof FileHandle ? path.readFile(opts) : sync.readFileSync(path, opts));
promises.writeFile = async (path, data, opts) => (path instanceof FileHandle ? path.writeFile(data, opts) : sync.writeFileSync(path, data, opts));
promises.opendir = async (path) => sync.opendirSync(path);
promises.constants = core.constants;
promises.FileHandle = FileHandle;
promises.watch = () => { throw Object.assign(new Error("fs.promises.watch() is not available in the sandbox: file watching is not supported"), { code: "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM" }); };

exports.module = promises;
exports.FileHandle = FileHandle;
