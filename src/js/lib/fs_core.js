// fs_core.js - Node's fs, built on host.fs (which goes through the sandbox's
// VFS). The synchronous functions are the real work; the callback and
// promise forms run them and deliver the result from the event loop, so
// their callbacks never run before the calling code finishes.

const tasks = require("tasks");

const O = {
  O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 0o100, O_EXCL: 0o200, O_NOCTTY: 0o400, O_TRUNC: 0o1000,
  O_APPEND: 0o2000, O_DIRECTORY: 0o200000, O_NOATIME: 0o1000000, O_NOFOLLOW: 0o400000, O_SYNC: 0o4010000,
  O_DSYNC: 0o10000, O_DIRECT: 0o40000, O_NONBLOCK: 0o4000,
  S_IFMT: 0o170000, S_IFREG: 0o100000, S_IFDIR: 0o040000, S_IFCHR: 0o020000, S_IFBLK: 0o060000,
  S_IFIFO: 0o010000, S_IFLNK: 0o120000, S_IFSOCK: 0o140000,
  S_IRWXU: 0o700, S_IRUSR: 0o400, S_IWUSR: 0o200, S_IXUSR: 0o100, S_IRWXG: 0o70, S_IRGRP: 0o40,
  S_IWGRP: 0o20, S_IXGRP: 0o10, S_IRWXO: 0o7, S_IROTH: 0o4, S_IWOTH: 0o2, S_IXOTH: 0o1,
  F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, UV_FS_SYMLINK_DIR: 1, UV_FS_SYMLINK_JUNCTION: 2,
  UV_FS_COPYFILE_EXCL: 1, COPYFILE_EXCL: 1, UV_FS_COPYFILE_FICLONE: 2, COPYFILE_FICLONE: 2,
  UV_FS_COPYFILE_FICLONE_FORCE: 4, COPYFILE_FICLONE_FORCE: 4, UV_DIRENT_UNKNOWN: 0, UV_DIRENT_FILE: 1,
  UV_DIRENT_DIR: 2, UV_DIRENT_LINK: 3, UV_DIRENT_FIFO: 4, UV_DIRENT_SOCKET: 5, UV_DIRENT_CHAR: 6,
  UV_DIRENT_BLOCK: 7,
};
const constants = Object.freeze({ ...O });

// ------------------------------------------------------------- errors

function argType(name, expected, value) {
  const err = new TypeError(`The "${name}" argument must be ${expected}. Received ${tasks.describe(value)}`);
  err.code = "ERR_INVALID_ARG_TYPE";
  return err;
}

// A host error object -> Node's Error, with the user's spelling of the path.
function uvError(e, path, dest) {
  if (!e || typeof e !== "object" || !("errno" in e)) return e;
  // read and write work on a descriptor: Node names no path for them
  const p = e.syscall === "read" || e.syscall === "write" ? undefined : path !== undefined ? String(path) : e.path;
  let msg = `${e.code}: ${e.text}, ${e.syscall}`;
  if (p !== undefined) msg += ` '${p}'`;
  if (dest !== undefined) msg += ` -> '${dest}'`;
  if (e.outside) msg += ` (outside the directories the sandbox allows: ${e.allowed})`;
  const err = new Error(msg);
  err.errno = e.errno;
  err.code = e.code;
  err.syscall = e.syscall;
  if (p !== undefined) err.path = p;
  if (dest !== undefined) err.dest = String(dest);
  return err;
}

function call(fn, path, dest) {
  try {
    return fn();
  } catch (e) {
    throw uvError(e, path, dest);
  }
}

// --------------------------------------------------------------- args

function noNul(s, name, shown) {
  if (s.includes("\u0000")) {
    const err = new TypeError(`The argument '${name}' must be a string, Uint8Array, or URL without null bytes. Received ${require("inspect").inspect(shown)}`);
    err.code = "ERR_INVALID_ARG_VALUE";
    throw err;
  }
  return s;
}

function toPath(p, name = "path") {
  if (typeof p === "string") return noNul(p, name, p);
  if (p instanceof URL) return noNul(require("loader").fromFileURL(p.href), name, p);
  if (p instanceof Uint8Array) return noNul(new (require("encoding").TextDecoder)().decode(p), name, p);
  throw argType(name, "of type string or an instance of Buffer or URL", p);
}

function toFlags(flags, def) {
  if (flags === undefined || flags === null) return def;
  if (typeof flags === "number") return flags;
  switch (flags) {
    case "r": return O.O_RDONLY;
    case "rs": case "sr": return O.O_RDONLY | O.O_SYNC;
    case "r+": return O.O_RDWR;
    case "rs+": case "sr+": return O.O_RDWR | O.O_SYNC;
    case "w": return O.O_TRUNC | O.O_CREAT | O.O_WRONLY;
    case "wx": case "xw": return O.O_TRUNC | O.O_CREAT | O.O_WRONLY | O.O_EXCL;
    case "w+": return O.O_TRUNC | O.O_CREAT | O.O_RDWR;
    case "wx+": case "xw+": return O.O_TRUNC | O.O_CREAT | O.O_RDWR | O.O_EXCL;
    case "a": return O.O_APPEND | O.O_CREAT | O.O_WRONLY;
    case "ax": case "xa": return O.O_APPEND | O.O_CREAT | O.O_WRONLY | O.O_EXCL;
    case "as": case "sa": return O.O_APPEND | O.O_CREAT | O.O_WRONLY | O.O_SYNC;
    case "a+": return O.O_APPEND | O.O_CREAT | O.O_RDWR;
    case "ax+": case "xa+": return O.O_APPEND | O.O_CREAT | O.O_RDWR | O.O_EXCL;
    case "as+": case "sa+": return O.O_APPEND | O.O_CREAT | O.O_RDWR | O.O_SYNC;
  }
  const err = new TypeError(`The value "${flags}" is invalid for option "flags"`);
  err.code = "ERR_INVALID_ARG_VALUE";
  throw err;
}

function toMode(mode, def) {
  if (mode === undefined || mode === null) return def;
  if (typeof mode === "string") return parseInt(mode, 8);
  return mode;
}

function options(opts, def) {
  if (opts === undefined || opts === null || typeof opts === "function") return { ...def };
  if (typeof opts === "string") return { ...def, encoding: opts };
  if (typeof opts !== "object") throw argType("options", "of type object", opts);
  return { ...def, ...opts };
}

// --------------------------------------------------------------- data

let BufferCtor;
function Buf() {
  if (BufferCtor === undefined) {
    try {
      BufferCtor = require("node_buffer").Buffer;
    } catch {
      BufferCtor = null;
    }
  }
  return BufferCtor;
}

function toBuffer(u8) {
  const B = Buf();
  return B ? B.from(u8.buffer, u8.byteOffset, u8.byteLength) : u8;
}

function decode(u8, encoding) {
  if (!encoding || encoding === "buffer") return toBuffer(u8);
  const enc = String(encoding).toLowerCase();
  if (enc === "utf8" || enc === "utf-8") return new (require("encoding").TextDecoder)().decode(u8);
  const B = Buf();
  if (!B) throw new Error(`encoding '${encoding}' needs Buffer, which is not available yet`);
  return toBuffer(u8).toString(encoding);
}

function toBytes(data, encoding) {
  if (typeof data === "string") {
    const enc = encoding ? String(encoding).toLowerCase() : "utf8";
    if (enc === "utf8" || enc === "utf-8") return data;
    const B = Buf();
    if (!B) throw new Error(`encoding '${encoding}' needs Buffer, which is not available yet`);
    return B.from(data, encoding);
  }
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw argType("data", "of type string or an instance of Buffer, TypedArray, or DataView", data);
}

// -------------------------------------------------------------- Stats

class Stats {
  constructor(a) {
    this.dev = a[0]; this.mode = a[1]; this.nlink = a[2]; this.uid = a[3]; this.gid = a[4];
    this.rdev = a[5]; this.blksize = a[6]; this.ino = a[7]; this.size = a[8]; this.blocks = a[9];
    this.atimeMs = a[10]; this.mtimeMs = a[11]; this.ctimeMs = a[12]; this.birthtimeMs = a[13];
  }
  get atime() { return new Date(this.atimeMs); }
  get mtime() { return new Date(this.mtimeMs); }
  get ctime() { return new Date(this.ctimeMs); }
  get birthtime() { return new Date(this.birthtimeMs); }
  isFile() { return (this.mode & O.S_IFMT) === O.S_IFREG; }
  isDirectory() { return (this.mode & O.S_IFMT) === O.S_IFDIR; }
  isSymbolicLink() { return (this.mode & O.S_IFMT) === O.S_IFLNK; }
  isFIFO() { return (this.mode & O.S_IFMT) === O.S_IFIFO; }
  isSocket() { return (this.mode & O.S_IFMT) === O.S_IFSOCK; }
  isCharacterDevice() { return (this.mode & O.S_IFMT) === O.S_IFCHR; }
  isBlockDevice() { return (this.mode & O.S_IFMT) === O.S_IFBLK; }
}

function makeStats(a, bigint) {
  if (!bigint) return new Stats(a);
  const s = new Stats(a.map((x) => BigInt(Math.floor(x))));
  s.atimeNs = BigInt(Math.floor(a[10] * 1e6)); s.mtimeNs = BigInt(Math.floor(a[11] * 1e6));
  s.ctimeNs = BigInt(Math.floor(a[12] * 1e6)); s.birthtimeNs = BigInt(Math.floor(a[13] * 1e6));
  const mode = a[1];
  s.isFile = () => (mode & O.S_IFMT) === O.S_IFREG;
  s.isDirectory = () => (mode & O.S_IFMT) === O.S_IFDIR;
  s.isSymbolicLink = () => (mode & O.S_IFMT) === O.S_IFLNK;
  return s;
}

const DT = { 0: 0, 1: O.S_IFIFO, 2: O.S_IFCHR, 4: O.S_IFDIR, 6: O.S_IFBLK, 8: O.S_IFREG, 10: O.S_IFLNK, 12: O.S_IFSOCK };
class Dirent {
  constructor(name, type, parentPath) {
    this.name = name;
    this.parentPath = parentPath;
    this.path = parentPath;
    this._type = type;
  }
  isFile() { return this._type === O.S_IFREG; }
  isDirectory() { return this._type === O.S_IFDIR; }
  isSymbolicLink() { return this._type === O.S_IFLNK; }
  isFIFO() { return this._type === O.S_IFIFO; }
  isSocket() { return this._type === O.S_IFSOCK; }
  isCharacterDevice() { return this._type === O.S_IFCHR; }
  isBlockDevice() { return this._type === O.S_IFBLK; }
}
Object.defineProperty(Dirent.prototype, "_type", { writable: true, enumerable: false });

// ---------------------------------------------------------- sync API

function join(dir, name) {
  return dir.endsWith("/") ? dir + name : dir + "/" + name;
}

const sync = {};

sync.existsSync = (p) => {
  try {
    return host.fs.stat(toPath(p), true, false, true) !== undefined;
  } catch {
    return false;
  }
};

sync.statSync = (p, opts) => {
  const path = toPath(p);
  const o = options(opts, { bigint: false, throwIfNoEntry: true });
  const a = call(() => host.fs.stat(path, true, o.throwIfNoEntry !== false), path);
  return a === undefined ? undefined : makeStats(a, o.bigint);
};
sync.lstatSync = (p, opts) => {
  const path = toPath(p);
  const o = options(opts, { bigint: false, throwIfNoEntry: true });
  const a = call(() => host.fs.stat(path, false, o.throwIfNoEntry !== false), path);
  return a === undefined ? undefined : makeStats(a, o.bigint);
};
sync.fstatSync = (fd, opts) => makeStats(call(() => host.fs.fstat(fd)), options(opts, {}).bigint);

sync.readFileSync = (p, opts) => {
  const o = options(opts, { encoding: null, flag: "r" });
  if (typeof p === "number") return decode(readAllFd(p), o.encoding);
  const path = toPath(p);
  const enc = o.encoding ? String(o.encoding).toLowerCase() : null;
  if (enc === "utf8" || enc === "utf-8") return call(() => host.fs.readFile(path, true), path);
  return decode(call(() => host.fs.readFile(path, false), path), o.encoding);
};

function readAllFd(fd) {
  const chunks = [];
  let total = 0;
  for (;;) {
    const b = new Uint8Array(65536);
    const n = call(() => host.fs.read(fd, b, 0, b.length, -1));
    if (n === 0) break;
    chunks.push(b.subarray(0, n));
    total += n;
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) { out.set(c, off); off += c.length; }
  return out;
}

sync.writeFileSync = (p, data, opts) => {
  const o = options(opts, { encoding: "utf8", mode: 0o666, flag: "w" });
  const bytes = toBytes(data, o.encoding);
  // all: a full disk throws ENOSPC, as in Node, rather than leave the file short
  if (typeof p === "number") {
    call(() => host.fs.write(p, bytes, 0, undefined, -1, true));
    return;
  }
  const path = toPath(p);
  const flags = toFlags(o.flag, O.O_TRUNC | O.O_CREAT | O.O_WRONLY);
  try {
    host.fs.writeFile(path, bytes, flags, toMode(o.mode, 0o666));
  } catch (e) {
    // as in Node, the write's error (ENOSPC) names no path, the open's does
    throw uvError(e, e.syscall === "write" ? undefined : path);
  }
};

sync.appendFileSync = (p, data, opts) => {
  const o = options(opts, { encoding: "utf8", mode: 0o666, flag: "a" });
  sync.writeFileSync(p, data, { ...o, flag: o.flag || "a" });
};

sync.openSync = (p, flags, mode) => {
  const path = toPath(p);
  return call(() => host.fs.open(path, toFlags(flags, O.O_RDONLY), toMode(mode, 0o666)), path);
};
sync.closeSync = (fd) => call(() => host.fs.close(fd));

sync.readSync = (fd, buffer, offsetOrOpts, length, position) => {
  let offset = offsetOrOpts;
  if (offsetOrOpts !== null && typeof offsetOrOpts === "object") {
    ({ offset = 0, length = buffer.byteLength - offset, position = null } = offsetOrOpts);
  }
  offset = offset === undefined ? 0 : offset;
  length = length === undefined ? buffer.byteLength - offset : length;
  const pos = position === null || position === undefined || position < 0 ? -1 : Number(position);
  const view = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return call(() => host.fs.read(fd, view, offset, length, pos));
};

sync.writeSync = (fd, buffer, offsetOrPos, lengthOrEnc, position) => {
  if (typeof buffer === "string") {
    const pos = typeof offsetOrPos === "number" ? offsetOrPos : -1;
    const data = toBytes(buffer, typeof lengthOrEnc === "string" ? lengthOrEnc : "utf8");
    return call(() => host.fs.write(fd, data, 0, typeof data === "string" ? undefined : data.length, pos));
  }
  const view = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let offset = offsetOrPos, length = lengthOrEnc;
  if (offset !== null && typeof offset === "object") ({ offset = 0, length = view.length - offset, position = null } = offset);
  offset = offset === undefined || offset === null ? 0 : offset;
  length = length === undefined || length === null ? view.length - offset : length;
  const pos = position === null || position === undefined ? -1 : Number(position);
  return call(() => host.fs.write(fd, view, offset, length, pos));
};

// Vectored I/O, buffer after buffer: a short read or write ends it, as
// readv(2)/writev(2) would.
function vectored(op, fd, buffers, position) {
  if (!Array.isArray(buffers) || !buffers.every((b) => ArrayBuffer.isView(b)))
    throw argType("buffers", "an instance of ArrayBufferView[]", buffers);
  let pos = typeof position === "number" ? position : null, total = 0;
  for (const b of buffers) {
    if (b.byteLength === 0) continue;
    const n = op(fd, b, 0, b.byteLength, pos);
    total += n;
    if (pos !== null) pos += n;
    if (n < b.byteLength) break;
  }
  return total;
}
sync.readvSync = (fd, buffers, position) => vectored(sync.readSync, fd, buffers, position);
sync.writevSync = (fd, buffers, position) => vectored(sync.writeSync, fd, buffers, position);

// The names in dir, sorted (host.fs.readdir joins them with "/").
function dirNames(dir) {
  const names = call(() => host.fs.readdir(dir), dir)[0];
  return names === "" ? [] : names.split("/");
}

sync.readdirSync = (p, opts) => {
  const path = toPath(p);
  const o = options(opts, { encoding: "utf8", withFileTypes: false, recursive: false });
  const out = [];
  const walk = (dir, rel) => {
    const [names, types] = call(() => host.fs.readdir(dir), dir === path ? path : dir);
    if (names === "") return;
    let i = 0;
    for (const name of names.split("/")) {
      let type = DT[types.charCodeAt(i++) - 97] ?? 0;
      const full = join(dir, name);
      if (type === 0) {
        const st = host.fs.stat(full, false, false);
        type = st ? st[1] & O.S_IFMT : 0;
      }
      out.push(o.withFileTypes ? new Dirent(name, type, dir) : rel ? rel + "/" + name : name);
      if (o.recursive && type === O.S_IFDIR) walk(full, rel ? rel + "/" + name : name);
    }
  };
  walk(path, "");
  if (o.encoding === "buffer" && !o.withFileTypes) return out.map((n) => toBuffer(new TextEncoder().encode(n)));
  return out;
};

sync.mkdirSync = (p, opts) => {
  const path = toPath(p);
  const o = typeof opts === "number" || typeof opts === "string" ? { mode: opts } : options(opts, { recursive: false, mode: 0o777 });
  const mode = toMode(o.mode, 0o777);
  if (!o.recursive) {
    call(() => host.fs.mkdir(path, mode), path);
    return undefined;
  }
  // Node's MKDirpSync, on the path as written: mkdir; on ENOENT, the text
  // up to the last "/" first; the first directory made, spelt as tried,
  // is the result. A path with ".." is resolved on the text first, so that
  // one that climbs out creates nothing on the way (not Node: it would
  // make "a" of "a/../../x" before failing).
  const dotdot = path.split("/").includes("..");
  let target = path;
  if (dotdot) {
    const parts = [];
    for (const part of (path.startsWith("/") ? path : host.cwd + "/" + path).split("/")) {
      if (part === "..") parts.pop();
      else if (part !== "" && part !== ".") parts.push(part);
    }
    target = "/" + parts.join("/");
  }
  const todo = [target];
  let first;
  const fail = (e) => { throw uvError(e, path); };
  while (todo.length) {
    const next = todo.pop();
    let err;
    try {
      host.fs.mkdir(next, mode);
      if (first === undefined) first = next;
      continue;
    } catch (e) {
      err = e;
    }
    if (!err || !err.code) throw err;
    if (["EACCES", "ENOSPC", "ENOTDIR", "EPERM"].includes(err.code)) fail(err);
    if (err.code === "ENOENT") {
      const up = next.slice(0, Math.max(next.lastIndexOf("/"), 0));
      if (up !== next && up !== "") todo.push(next, up);
      else if (!todo.length) fail({ ...err, errno: -17, code: "EEXIST", text: "file already exists" });
      continue;
    }
    let st;
    try {
      st = host.fs.stat(next, true, true);
    } catch (e) {
      // something there that leads outside the mounts (a link): writing
      // there is refused; else the sandbox's reason (EROFS) says more
      if (e && e.outside) fail({ ...e, errno: -13, code: "EACCES", text: "permission denied", syscall: "mkdir" });
      fail(err);
    }
    if ((st[1] & O.S_IFMT) !== O.S_IFDIR) {
      if (err.code === "EEXIST" && todo.length) fail({ ...err, errno: -20, code: "ENOTDIR", text: "not a directory" });
      fail({ ...err, errno: -17, code: "EEXIST", text: "file already exists" });
    }
  }
  const cwd = host.cwd === "/" ? "/" : host.cwd + "/";
  if (dotdot && first !== undefined && !path.startsWith("/") && first.startsWith(cwd)) return first.slice(cwd.length);
  return first;
};

sync.rmdirSync = (p, opts) => {
  const path = toPath(p);
  if (opts && opts.recursive) return sync.rmSync(path, { recursive: true, force: false });
  call(() => host.fs.rmdir(path), path);
};

sync.rmSync = (p, opts) => {
  const path = toPath(p);
  const o = options(opts, { recursive: false, force: false });
  let st;
  try {
    st = host.fs.stat(path, false, true);
  } catch (e) {
    if (e && e.outside) {
      // removing is writing: outside the mounts that is refused, not "missing"
      throw uvError({ ...e, errno: -13, code: "EACCES", text: "permission denied", syscall: "rm" }, path);
    }
    if (e && e.code === "ENOENT" && o.force) return;
    throw uvError(e, path);
  }
  if ((st[1] & O.S_IFMT) === O.S_IFDIR) {
    if (!o.recursive) {
      const err = new Error(`Path is a directory: rm returned EISDIR (is a directory) ${path}`);
      err.code = "ERR_FS_EISDIR";
      err.errno = 21;
      err.syscall = "rm";
      err.path = path;
      throw err;
    }
    const rmTree = (dir) => {
      for (const name of dirNames(dir)) {
        const full = join(dir, name);
        const s = call(() => host.fs.stat(full, false, false), full);
        if (s && (s[1] & O.S_IFMT) === O.S_IFDIR) rmTree(full);
        else call(() => host.fs.unlink(full), full);
      }
      call(() => host.fs.rmdir(dir), dir);
    };
    rmTree(path);
    return;
  }
  call(() => host.fs.unlink(path), path);
};

sync.unlinkSync = (p) => { const path = toPath(p); call(() => host.fs.unlink(path), path); };
sync.renameSync = (a, b) => { const x = toPath(a, "oldPath"), y = toPath(b, "newPath"); call(() => host.fs.rename(x, y), x, y); };
sync.linkSync = (a, b) => { const x = toPath(a, "existingPath"), y = toPath(b, "newPath"); call(() => host.fs.link(x, y), x, y); };
sync.symlinkSync = (target, p) => { const t = toPath(target, "target"), y = toPath(p); call(() => host.fs.symlink(t, y), t, y); };
sync.readlinkSync = (p, opts) => {
  const path = toPath(p);
  const r = call(() => host.fs.readlink(path), path);
  return options(opts, {}).encoding === "buffer" ? toBuffer(new TextEncoder().encode(r)) : r;
};
sync.realpathSync = (p) => {
  // Node's realpathSync resolves the path first (a trailing slash goes) and
  // then lstats it a component at a time: its errors name that call and
  // the absolute path up to the component that failed
  const path = toPath(p);
  const parts = [];
  for (const part of (path.startsWith("/") ? path : host.cwd + "/" + path).split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "" && part !== ".") parts.push(part);
  }
  const abs = "/" + parts.join("/");
  try {
    return host.fs.realpath(abs);
  } catch (e) {
    if (!e || typeof e !== "object" || !("errno" in e) || e.outside) throw uvError(e, path);
    for (let i = 1; i <= parts.length; i++) {
      const at = "/" + parts.slice(0, i).join("/");
      let st;
      try {
        st = host.fs.stat(at, false, true);
      } catch (l) {
        if (l && l.outside) continue; // above the mounts: not the guest's to see
        throw uvError(l, at);
      }
      // a link that leads nowhere: Node stats it
      if ((st[1] & O.S_IFMT) === O.S_IFLNK && !host.fs.stat(at, true, false)) throw uvError({ ...e, syscall: "stat" }, at);
    }
    throw uvError(e, path);
  }
};
sync.realpathSync.native = (p) => { const path = toPath(p); return call(() => host.fs.realpath(path), path); };
sync.accessSync = (p, mode) => { const path = toPath(p); call(() => host.fs.access(path, mode === undefined ? 0 : mode), path); };
sync.chmodSync = (p, mode) => { const path = toPath(p); call(() => host.fs.chmod(path, toMode(mode)), path); };
sync.lchmodSync = undefined;
sync.fchmodSync = (fd, mode) => call(() => host.fs.fop(2, fd, toMode(mode)));
// Node's checks of an id (uid, gid) or an fd: type, then range
function intArg(name, v, min, max) {
  if (typeof v !== "number") throw argType(name, "of type number", v);
  let must = null;
  if (!Number.isInteger(v)) must = "an integer";
  else if (v < min || v > max) must = `>= ${min} && <= ${max}`;
  if (must === null) return v;
  const shown = Number.isInteger(v) && Math.abs(v) > 2 ** 32 ? String(v).replace(/\B(?=(\d{3})+$)/g, "_") : String(v);
  const err = new RangeError(`The value of "${name}" is out of range. It must be ${must}. Received ${shown}`);
  err.code = "ERR_OUT_OF_RANGE";
  throw err;
}
// In exec, chown and friends change nothing: every file in the sandbox
// stays owned by the user who runs acs. They fail as chown(2) would, on a
// missing path or in a read-only dir (EROFS). In a box they change the
// owner as the box's kernel allows (root may, others EPERM).
function chownArgs(target, uid, gid, fd) {
  const t = fd ? intArg("fd", target, 0, 2147483647) : toPath(target);
  intArg("uid", uid, -1, 4294967295);
  intArg("gid", gid, -1, 4294967295);
  return t;
}
sync.chownSync = (p, uid, gid) => { const path = chownArgs(p, uid, gid); call(() => host.fs.chown(path, uid, gid), path); };
sync.lchownSync = (p, uid, gid) => { const path = chownArgs(p, uid, gid); call(() => host.fs.lchown(path, uid, gid), path); };
sync.fchownSync = (fd, uid, gid) => { call(() => host.fs.fop(4, chownArgs(fd, uid, gid, true), uid, gid)); };
// Node truncates a path through a descriptor it opens r+, so a file the
// caller may write but not read is EACCES (open), as Node says it.
sync.truncateSync = (p, len = 0) => {
  if (typeof p === "number") return call(() => host.fs.fop(0, p, len));
  const fd = sync.openSync(p, "r+");
  try { call(() => host.fs.fop(0, fd, len)); } finally { sync.closeSync(fd); }
};
sync.ftruncateSync = (fd, len = 0) => call(() => host.fs.fop(0, fd, len));
sync.fsyncSync = (fd) => call(() => host.fs.fop(1, fd));
sync.fdatasyncSync = sync.fsyncSync;
const toMs = (t) => (t instanceof Date ? t.getTime() : typeof t === "string" ? Number(t) * 1000 : t * 1000);
sync.utimesSync = (p, at, mt) => { const path = toPath(p); call(() => host.fs.utimes(path, toMs(at), toMs(mt), true), path); };
sync.lutimesSync = (p, at, mt) => { const path = toPath(p); call(() => host.fs.utimes(path, toMs(at), toMs(mt), false), path); };
sync.futimesSync = (fd, at, mt) => call(() => host.fs.fop(3, fd, toMs(at), toMs(mt)));

sync.copyFileSync = (src, dst, mode = 0) => {
  const s = toPath(src, "src"), d = toPath(dst, "dest");
  // every step fails as the one call Node makes: "copyfile 'src' -> 'dest'"
  const step = (fn) => {
    try {
      return fn();
    } catch (e) {
      throw uvError(e && typeof e === "object" && "errno" in e ? { ...e, syscall: "copyfile" } : e, s, d);
    }
  };
  const data = step(() => host.fs.readFile(s, false));
  const flags = O.O_WRONLY | O.O_CREAT | O.O_TRUNC | (mode & O.COPYFILE_EXCL ? O.O_EXCL : 0);
  const st = step(() => host.fs.stat(s, true, true));
  const fd = step(() => host.fs.open(d, flags, st[1] & 0o777));
  try {
    step(() => host.fs.write(fd, data, 0, data.length, -1, true));
  } finally {
    host.fs.close(fd);
  }
};

// ------------------------------------------------------------------ cp
// Node's fs.cp (lib/internal/fs/cp/cp.js, after fs-extra): a link is copied
// as a link, its target made absolute unless verbatimSymlinks, or as what
// it points to with dereference. Written once as a generator that yields
// each filter() result: cpSync refuses a promise there, cp awaits it.
// (Node 22's cpSync does part of this in C++, which mixes up lstat and
// stat for links; this follows the documented behaviour, as its cp does.)

class SystemError extends Error {}
Object.defineProperty(SystemError.prototype, "name", {
  value: "SystemError", writable: true, enumerable: false, configurable: true,
});
const CP_PREFIX = {
  ERR_FS_CP_DIR_TO_NON_DIR: "Cannot overwrite non-directory with directory",
  ERR_FS_CP_EEXIST: "Target already exists",
  ERR_FS_CP_EINVAL: "Invalid src or dest",
  ERR_FS_CP_FIFO_PIPE: "Cannot copy a FIFO pipe",
  ERR_FS_CP_NON_DIR_TO_DIR: "Cannot overwrite directory with non-directory",
  ERR_FS_CP_SOCKET: "Cannot copy a socket file",
  ERR_FS_CP_SYMLINK_TO_SUBDIRECTORY: "Cannot overwrite symlink in subdirectory of self",
  ERR_FS_CP_UNKNOWN: "Cannot copy an unknown file type",
  ERR_FS_EISDIR: "Path is a directory",
};
const CP_ERRNO = { EEXIST: 17, ENOTDIR: 20, EISDIR: 21, EINVAL: 22 };

function cpError(code, uv, message, path) {
  const info = { message, path, syscall: "cp", errno: CP_ERRNO[uv], code: uv };
  const err = new SystemError(`${CP_PREFIX[code]}: cp returned ${uv} (${message}) ${path}`);
  err.code = code;
  err.info = info;
  err.errno = info.errno;
  err.syscall = "cp";
  err.path = path;
  return err;
}

function cpOptions(opts) {
  const def = { dereference: false, errorOnExist: false, filter: undefined, force: true,
    preserveTimestamps: false, recursive: false, verbatimSymlinks: false, mode: 0 };
  if (opts === undefined) return def;
  if (opts === null || typeof opts !== "object" || Array.isArray(opts)) throw argType("options", "of type object", opts);
  const o = { ...def, ...opts };
  for (const k of ["dereference", "errorOnExist", "force", "preserveTimestamps", "recursive", "verbatimSymlinks"]) {
    if (typeof o[k] !== "boolean") {
      const err = new TypeError(`The "options.${k}" property must be of type boolean. Received ${tasks.describe(o[k])}`);
      err.code = "ERR_INVALID_ARG_TYPE";
      throw err;
    }
  }
  o.mode = toMode(o.mode, 0);
  if (o.dereference && o.verbatimSymlinks) {
    const err = new TypeError('Option "dereference" cannot be used in combination with option "verbatimSymlinks"');
    err.code = "ERR_INCOMPATIBLE_OPTION_PAIR";
    throw err;
  }
  if (o.filter !== undefined && typeof o.filter !== "function") {
    const err = new TypeError(`The "options.filter" property must be of type function. Received ${tasks.describe(o.filter)}`);
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }
  return o;
}

const pathMod = () => require("node_path").module;
const sameFile = (a, b) => b.ino && b.dev && a.ino === b.ino && a.dev === b.dev;
// dest lies in src, by the text of the paths
function isSrcSubdir(src, dest) {
  const parts = (p) => pathMod().resolve(p).split("/").filter(Boolean);
  const d = parts(dest);
  return parts(src).every((c, i) => d[i] === c);
}

function* cpWalk(src, dest, o) {
  const { srcStat, destStat, skipped } = yield* cpCheckPaths(src, dest, o);
  if (skipped) return;
  cpCheckParents(src, srcStat, dest);
  const parent = pathMod().dirname(dest);
  let there = true;
  try {
    sync.statSync(parent);
  } catch (e) {
    if (!e || e.code !== "ENOENT") throw e;
    there = false;
  }
  if (!there) sync.mkdirSync(parent, { recursive: true });
  yield* cpOne(destStat, src, dest, o);
}

function* cpCheckPaths(src, dest, o) {
  if (o.filter && !(yield o.filter(src, dest))) return { skipped: true };
  const st = o.dereference ? sync.statSync : sync.lstatSync;
  const srcStat = st(src);
  let destStat = null;
  try {
    destStat = st(dest);
  } catch (e) {
    if (!e || e.code !== "ENOENT") throw e;
  }
  if (destStat) {
    if (sameFile(srcStat, destStat)) throw cpError("ERR_FS_CP_EINVAL", "EINVAL", "src and dest cannot be the same", dest);
    if (srcStat.isDirectory() && !destStat.isDirectory())
      throw cpError("ERR_FS_CP_DIR_TO_NON_DIR", "EISDIR", `cannot overwrite non-directory ${dest} with directory ${src}`, dest);
    if (!srcStat.isDirectory() && destStat.isDirectory())
      throw cpError("ERR_FS_CP_NON_DIR_TO_DIR", "ENOTDIR", `cannot overwrite directory ${dest} with non-directory ${src}`, dest);
  }
  if (srcStat.isDirectory() && isSrcSubdir(src, dest))
    throw cpError("ERR_FS_CP_EINVAL", "EINVAL", `cannot copy ${src} to a subdirectory of self ${dest}`, dest);
  return { srcStat, destStat, skipped: false };
}

// dest's parents, up to src's parent: none may be src itself
function cpCheckParents(src, srcStat, dest) {
  const P = pathMod();
  const srcParent = P.resolve(P.dirname(src));
  let at = dest;
  for (;;) {
    const destParent = P.resolve(P.dirname(at));
    if (destParent === srcParent || destParent === "/") return;
    let st;
    try {
      st = sync.statSync(destParent);
    } catch (e) {
      if (e && e.code === "ENOENT") return;
      throw e;
    }
    if (sameFile(srcStat, st)) throw cpError("ERR_FS_CP_EINVAL", "EINVAL", `cannot copy ${src} to a subdirectory of self ${dest}`, dest);
    at = destParent;
  }
}

function* cpOne(destStat, src, dest, o) {
  const srcStat = (o.dereference ? sync.statSync : sync.lstatSync)(src);
  if (srcStat.isDirectory() && o.recursive) return yield* cpDir(srcStat, destStat, src, dest, o);
  if (srcStat.isDirectory()) throw cpError("ERR_FS_EISDIR", "EISDIR", `${src} is a directory (not copied)`, src);
  if (srcStat.isFile() || srcStat.isCharacterDevice() || srcStat.isBlockDevice()) return cpFile(srcStat, destStat, src, dest, o);
  if (srcStat.isSymbolicLink()) return cpLink(destStat, src, dest, o);
  if (srcStat.isSocket()) throw cpError("ERR_FS_CP_SOCKET", "EINVAL", `cannot copy a socket file: ${dest}`, dest);
  if (srcStat.isFIFO()) throw cpError("ERR_FS_CP_FIFO_PIPE", "EINVAL", `cannot copy a FIFO pipe: ${dest}`, dest);
  throw cpError("ERR_FS_CP_UNKNOWN", "EINVAL", `cannot copy an unknown file type: ${dest}`, dest);
}

function cpFile(srcStat, destStat, src, dest, o) {
  if (destStat) {
    if (!o.force) {
      if (o.errorOnExist) throw cpError("ERR_FS_CP_EEXIST", "EEXIST", `${dest} already exists`, dest);
      return;
    }
    sync.unlinkSync(dest);
  }
  sync.copyFileSync(src, dest, o.mode);
  if (o.preserveTimestamps) {
    if ((srcStat.mode & 0o200) === 0) sync.chmodSync(dest, srcStat.mode | 0o200);
    const now = sync.statSync(src);
    sync.utimesSync(dest, now.atime, now.mtime);
  }
  sync.chmodSync(dest, srcStat.mode);
}

function* cpDir(srcStat, destStat, src, dest, o) {
  if (!destStat) sync.mkdirSync(dest);
  else if (o.errorOnExist && !o.force) throw cpError("ERR_FS_CP_EEXIST", "EEXIST", `${dest} already exists`, dest);
  const P = pathMod();
  for (const name of dirNames(src)) {
    const srcItem = P.join(src, name), destItem = P.join(dest, name);
    const r = yield* cpCheckPaths(srcItem, destItem, o);
    if (!r.skipped) yield* cpOne(r.destStat, srcItem, destItem, o);
  }
  if (!destStat) sync.chmodSync(dest, srcStat.mode);
}

function cpLink(destStat, src, dest, o) {
  const P = pathMod();
  let target = sync.readlinkSync(src);
  if (!o.verbatimSymlinks && !P.isAbsolute(target)) target = P.resolve(P.dirname(src), target);
  if (!destStat) return sync.symlinkSync(target, dest);
  let destTarget;
  try {
    destTarget = sync.readlinkSync(dest);
  } catch (e) {
    // dest is there and not a link: symlink says EEXIST, as in Node
    if (e && e.code === "EINVAL") return sync.symlinkSync(target, dest);
    throw e;
  }
  if (!P.isAbsolute(destTarget)) destTarget = P.resolve(P.dirname(dest), destTarget);
  if (isSrcSubdir(target, destTarget))
    throw cpError("ERR_FS_CP_EINVAL", "EINVAL", `cannot copy ${target} to a subdirectory of self ${destTarget}`, dest);
  if (sync.statSync(src).isDirectory() && isSrcSubdir(destTarget, target))
    throw cpError("ERR_FS_CP_SYMLINK_TO_SUBDIRECTORY", "EINVAL", `cannot overwrite ${destTarget} with ${target}`, dest);
  sync.unlinkSync(dest);
  sync.symlinkSync(target, dest);
}

const isPromise = (v) => Object.prototype.toString.call(v) === "[object Promise]";

sync.cpSync = (src, dst, opts) => {
  const o = cpOptions(opts);
  const s = toPath(src, "src"), d = toPath(dst, "dest");
  const walk = cpWalk(s, d, o);
  for (let r = walk.next(); !r.done;) {
    if (isPromise(r.value)) {
      walk.return();
      const err = new TypeError('Expected boolean to be returned from the "filter" function but got an instance of Promise.');
      err.code = "ERR_INVALID_RETURN_VALUE";
      throw err;
    }
    r = walk.next(r.value);
  }
};

// fs.cp and fs.promises.cp: the same walk, awaiting an async filter; the
// copying starts from the event loop, after the calling code.
async function cp(src, dst, opts) {
  const o = cpOptions(opts);
  const s = toPath(src, "src"), d = toPath(dst, "dest");
  await new Promise((resolve) => require("timers").setImmediate(resolve));
  const walk = cpWalk(s, d, o);
  for (let r = walk.next(); !r.done;) r = walk.next(await r.value);
}

sync.mkdtempSync = (prefix, opts) => {
  const p = toPath(prefix, "prefix");
  const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  for (let tries = 0; tries < 100; tries++) {
    const r = new Uint8Array(6);
    host.randomFill(r);
    let name = p;
    for (const b of r) name += chars[b % chars.length];
    try {
      host.fs.mkdir(name, 0o700);
      return name;
    } catch (e) {
      if (e && e.code === "EEXIST") continue;
      throw uvError(e, p + "XXXXXX");
    }
  }
  throw uvError({ errno: -17, code: "EEXIST", text: "file already exists", syscall: "mkdtemp" }, p + "XXXXXX");
};

class Dir {
  constructor(path) {
    this.path = path;
    this._entries = sync.readdirSync(path, { withFileTypes: true });
    this._closed = false;
  }
  readSync() {
    if (this._closed) {
      const err = new Error("Directory handle was closed");
      err.code = "ERR_DIR_CLOSED";
      throw err;
    }
    return this._entries.shift() || null;
  }
  read(cb) {
    if (typeof cb === "function") {
      let r, e;
      try { r = this.readSync(); } catch (err) { e = err; }
      deliver(cb, e, r);
      return undefined;
    }
    return new Promise((res, rej) => deliver((e, r) => (e ? rej(e) : res(r)), undefined, this.readSync()));
  }
  closeSync() { this._closed = true; }
  close(cb) {
    this._closed = true;
    if (typeof cb === "function") { deliver(cb); return undefined; }
    return Promise.resolve();
  }
  async *[Symbol.asyncIterator]() {
    try {
      let e;
      while ((e = this.readSync()) !== null) yield e;
    } finally {
      this._closed = true;
    }
  }
  *[Symbol.iterator]() {
    let e;
    while ((e = this.readSync()) !== null) yield e;
    this._closed = true;
  }
}
sync.opendirSync = (p) => new Dir(toPath(p));

// ---------------------------------------------------- callback / promise

// Results reach callbacks from the event loop, after the caller's code.
function deliver(cb, err, ...values) {
  require("timers").setImmediate(() => (err ? cb(err) : cb(null, ...values)));
}

function callbackify(fn, name) {
  const f = function (...args) {
    const cb = args[args.length - 1];
    if (typeof cb !== "function") throw argType("cb", "of type function", cb);
    args.pop();
    let result, error;
    try {
      result = fn(...args);
    } catch (e) {
      error = e;
    }
    if (name === "exists") deliver(() => cb(!error && result));
    else if (error) deliver(cb, error);
    else if (name === "read" || name === "write") deliver(cb, null, result, args[1]);
    else deliver(cb, null, result);
  };
  // Node's name, and its length: the sync form's arguments and the callback
  Object.defineProperty(f, "name", { value: name });
  Object.defineProperty(f, "length", { value: fn.length + 1 });
  return f;
}

function promisified(fn) {
  return (...args) => new Promise((resolve, reject) => {
    let result;
    try {
      result = fn(...args);
    } catch (e) {
      require("timers").setImmediate(() => reject(e));
      return;
    }
    require("timers").setImmediate(() => resolve(result));
  });
}

exports.constants = constants;
exports.Stats = Stats;
exports.Dirent = Dirent;
exports.Dir = Dir;
exports.sync = sync;
exports.callbackify = callbackify;
exports.promisified = promisified;
exports.cp = cp;
exports.cpOptions = cpOptions;
exports.argType = argType;
exports.chownArgs = chownArgs;
exports.toPath = toPath;
exports.toFlags = toFlags;
exports.uvError = uvError;
exports.call = call;
exports.decode = decode;
exports.toBytes = toBytes;
exports.options = options;
exports.deliver = deliver;
