// node_fs.js - the `fs` module: sync, callback and promise forms over
// fs_core.js, plus streams and the calls the sandbox refuses.
const core = require("fs_core");
const { sync, callbackify } = core;

const fs = {};
for (const [name, fn] of Object.entries(sync)) {
  if (typeof fn !== "function") continue;
  fs[name] = fn;
  const base = name.replace(/Sync$/, "");
  if (base !== name && base !== "exists") fs[base] = callbackify(fn, base);
}
fs.exists = callbackify(sync.existsSync, "exists");
// util.promisify(fs.exists) resolves to the boolean (the callback has no
// error argument), as Node's does
Object.defineProperty(fs.exists, Symbol.for("nodejs.util.promisify.custom"), {
  value: { exists(path) { return new Promise((resolve) => fs.exists(path, resolve)); } }.exists,
});
// a bad callback or id throws at once, as in Node, not through the
// callback; success calls back with the error argument alone, as Node's
for (const name of ["chown", "lchown", "fchown"]) {
  const fn = sync[name + "Sync"];
  fs[name] = { [name](target, uid, gid, cb) {
    if (typeof cb !== "function") throw core.argType("cb", "of type function", cb);
    core.chownArgs(target, uid, gid, name === "fchown");
    let err = null;
    try {
      fn(target, uid, gid);
    } catch (e) {
      err = e;
    }
    require("timers").setImmediate(cb, err);
  } }[name];
}
fs.realpath.native = callbackify(sync.realpathSync.native, "realpath");
fs.read = callbackify((fd, buffer, ...rest) => sync.readSync(fd, buffer, ...rest), "read");
fs.write = function write(fd, buffer, ...rest) {
  const cb = rest.pop();
  let n, err;
  try {
    n = sync.writeSync(fd, buffer, ...rest);
  } catch (e) {
    err = e;
  }
  core.deliver((e, v) => cb(e, v, buffer), err, n);
};
// readv/writev call back with the buffers too
for (const name of ["readv", "writev"]) {
  const fn = sync[name + "Sync"];
  fs[name] = { [name](fd, buffers, ...rest) {
    const cb = rest.pop();
    if (typeof cb !== "function") throw core.argType("cb", "of type function", cb);
    let n, err;
    try {
      n = fn(fd, buffers, rest[0]);
    } catch (e) {
      err = e;
    }
    core.deliver((e, v) => cb(e, v, buffers), err, n);
  } }[name];
}
fs.cp = function cp(src, dest, opts, cb) {
  if (typeof opts === "function") {
    cb = opts;
    opts = undefined;
  }
  if (typeof cb !== "function") throw core.argType("cb", "of type function", cb);
  core.cpOptions(opts);
  core.toPath(src, "src");
  core.toPath(dest, "dest");
  core.cp(src, dest, opts).then(() => cb(null), (e) => cb(e));
};
fs.constants = core.constants;
fs.Stats = core.Stats;
fs.Dirent = core.Dirent;
fs.Dir = core.Dir;
fs.F_OK = 0; fs.R_OK = 4; fs.W_OK = 2; fs.X_OK = 1;

function unavailable(name, why) {
  return function () {
    const err = new Error(`fs.${name}() is not available in the sandbox: ${why}`);
    err.code = "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM";
    throw err;
  };
}
fs.watch = unavailable("watch", "file watching is not supported");
fs.watchFile = unavailable("watchFile", "file watching is not supported");
fs.unwatchFile = () => {};
fs.openAsBlob = unavailable("openAsBlob", "Blob is not available yet");
fs.statfsSync = unavailable("statfsSync", "file system information is not exposed");
fs.statfs = fs.statfsSync;

fs.createReadStream = (path, opts) => require("fs_streams").createReadStream(path, opts);
fs.createWriteStream = (path, opts) => require("fs_streams").createWriteStream(path, opts);
Object.defineProperty(fs, "ReadStream", { get: () => require("fs_streams").ReadStream, enumerable: true });
Object.defineProperty(fs, "WriteStream", { get: () => require("fs_streams").WriteStream, enumerable: true });
Object.defineProperty(fs, "promises", { get: () => require("node_fs_promises").module, enumerable: true });

exports.module = fs;
