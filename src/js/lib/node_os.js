// node_os.js - the `os` builtin. The guest sees a fixed, neutral machine,
// never the host's: Linux on x64, 2 CPUs named "sandbox", host name
// "sandbox", user "sandbox" (uid/gid 1000), 4 GiB of memory of which 2 GiB
// free, load average 0, no network interfaces. The constants are Node's on
// Linux.
//
//   homedir()  $HOME of the guest's environment, else the working directory
//   tmpdir()   $TMPDIR / $TMP / $TEMP of the guest's environment (as Node
//              reads them), else "<working directory>/.tmp" ("/tmp" in a box)
//   uptime()   seconds since the run started
//   getPriority/setPriority: the guest's own process (pid 0 or its pid)
//              keeps the priority it sets; any other pid does not exist
//              (Node's ESRCH SystemError).
//
// As a program of a box (host.node set) it is the box's machine instead,
// as the box's own commands see it: hostname, release and version from
// /proc/sys/kernel, memory from /proc/meminfo, CPUs from /proc/cpuinfo,
// uptime from /proc/uptime, userInfo() from the process's uid and
// /etc/passwd, the process's own pid.

"use strict";

const { codedError, validateInt32 } = require("web_errors");

const box = host.node;
const TOTAL_MEM = 4 * 1024 * 1024 * 1024;
const FREE_MEM = 2 * 1024 * 1024 * 1024;
const CPU_COUNT = 2;

// A file of the box's /proc or /etc, or undefined.
function boxText(path) {
  if (!box) return undefined;
  try {
    return require("node_fs").module.readFileSync(path, "latin1");
  } catch {
    return undefined;
  }
}

function boxLine(path, fallback) {
  const t = boxText(path);
  return t === undefined ? fallback : t.replace(/\n$/, "");
}

function boxMem(field, fallback) {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(boxText("/proc/meminfo") || "");
  return m ? Number(m[1]) * 1024 : fallback;
}

function guestEnv() {
  try {
    return require("process").process.env;
  } catch {
    return {};
  }
}

function withPrimitive(fn) {
  fn[Symbol.toPrimitive] = () => fn();
  return fn;
}

const arch = withPrimitive(function arch() {
  return "x64";
});
const platform = withPrimitive(function platform() {
  return "linux";
});
const type = withPrimitive(function getOSType() {
  return "Linux";
});
const release = withPrimitive(function getOSRelease() {
  if (box) return boxLine("/proc/sys/kernel/osrelease", "6.8.0-sandbox");
  return "6.8.0-sandbox";
});
const version = withPrimitive(function getOSVersion() {
  if (box) return boxLine("/proc/sys/kernel/version", "#1 SMP PREEMPT_DYNAMIC sandbox");
  return "#1 SMP PREEMPT_DYNAMIC sandbox";
});
const machine = withPrimitive(function getMachine() {
  return "x86_64";
});
const endianness = withPrimitive(function endianness() {
  return "LE";
});
const hostname = withPrimitive(function hostname() {
  return box ? boxLine("/proc/sys/kernel/hostname", "sandbox") : "sandbox";
});
function cpuCount() {
  const n = (boxText("/proc/cpuinfo") || "").match(/^processor\s*:/gm);
  return n ? n.length : CPU_COUNT;
}
const availableParallelism = withPrimitive(() => cpuCount());
const totalmem = withPrimitive(() => boxMem("MemTotal", TOTAL_MEM));
const freemem = withPrimitive(() => boxMem("MemAvailable", FREE_MEM));

const homedir = withPrimitive(function homedir() {
  const home = guestEnv().HOME;
  return typeof home === "string" && home.length > 0 ? home : host.cwd;
});

const tmpdir = withPrimitive(function tmpdir() {
  const env = guestEnv();
  // a box has a real /tmp (Node's own default on Linux); exec's guest has
  // none outside its work dir
  const fallback = box ? "/tmp" : `${host.cwd === "/" ? "" : host.cwd}/.tmp`;
  let path = env.TMPDIR || env.TMP || env.TEMP || fallback;
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
});

const uptime = withPrimitive(function uptime() {
  const up = parseFloat(boxText("/proc/uptime") || "");
  if (up >= 0) return up;
  return Math.floor(host.hrtime() / 1e7) / 100;
});

function cpus() {
  const out = [];
  for (let i = 0, n = cpuCount(); i < n; i++) {
    out.push({ model: "sandbox", speed: 0, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } });
  }
  return out;
}

function loadavg() {
  return [0, 0, 0];
}

function networkInterfaces() {
  return {};
}

function toBuffer(s) {
  const { Buffer } = require("node_buffer");
  return Buffer.from(s, "utf8");
}

// The box user's /etc/passwd entry, as getpwuid(geteuid()) reads it.
function boxUser() {
  const uid = box.euid;
  for (const line of (boxText("/etc/passwd") || "").split("\n")) {
    const f = line.split(":");
    if (f.length >= 7 && Number(f[2]) === uid)
      return { __proto__: null, uid, gid: Number(f[3]), username: f[0], homedir: f[5], shell: f[6] || null };
  }
  const err = new Error("A system error occurred: uv_os_get_passwd returned ENOENT (no such file or directory)");
  err.code = "ERR_SYSTEM_ERROR";
  throw err;
}

function userInfo(options) {
  const info = box ? boxUser()
                   : { __proto__: null, uid: 1000, gid: 1000, username: "sandbox", homedir: homedir(), shell: null };
  if (options !== null && typeof options === "object" && options.encoding === "buffer") {
    info.username = toBuffer(info.username);
    info.homedir = toBuffer(info.homedir);
    if (info.shell !== null) info.shell = toBuffer(info.shell);
  }
  return info;
}

// --- priorities ---------------------------------------------------------

class SystemError extends Error {}
Object.defineProperty(SystemError.prototype, "name", {
  value: "SystemError", writable: true, enumerable: false, configurable: true,
});

function noSuchProcess(syscall) {
  const err = codedError(SystemError, "ERR_SYSTEM_ERROR",
    `A system error occurred: ${syscall} returned ESRCH (no such process)`);
  err.info = { errno: -3, code: "ESRCH", message: "no such process", syscall };
  err.errno = -3;
  err.syscall = syscall;
  return err;
}


let ownPriority = 0;
// process.pid in process.js; read when asked (node's zygote loads this file before any run)
const isOwn = (pid) => pid === 0 || pid === (box ? box.pid : 42);

function getPriority(pid) {
  if (pid === undefined) pid = 0;
  else validateInt32(pid, "pid");
  if (!isOwn(pid)) throw noSuchProcess("uv_os_getpriority");
  return ownPriority;
}

function setPriority(pid, priority) {
  if (priority === undefined) {
    priority = pid;
    pid = 0;
  }
  validateInt32(pid, "pid");
  validateInt32(priority, "priority", -20, 19);
  if (!isOwn(pid)) throw noSuchProcess("uv_os_setpriority");
  ownPriority = priority;
}

// --- constants (Node 22 on Linux) -----------------------------------------

const nullProto = (entries) => Object.assign(Object.create(null), entries);

const signals = Object.freeze(nullProto({
  SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGIOT: 6, SIGBUS: 7,
  SIGFPE: 8, SIGKILL: 9, SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14,
  SIGTERM: 15, SIGCHLD: 17, SIGSTKFLT: 16, SIGCONT: 18, SIGSTOP: 19, SIGTSTP: 20, SIGTTIN: 21,
  SIGTTOU: 22, SIGURG: 23, SIGXCPU: 24, SIGXFSZ: 25, SIGVTALRM: 26, SIGPROF: 27, SIGWINCH: 28,
  SIGIO: 29, SIGPOLL: 29, SIGPWR: 30, SIGSYS: 31,
}));

const errno = nullProto({
  E2BIG: 7, EACCES: 13, EADDRINUSE: 98, EADDRNOTAVAIL: 99, EAFNOSUPPORT: 97, EAGAIN: 11,
  EALREADY: 114, EBADF: 9, EBADMSG: 74, EBUSY: 16, ECANCELED: 125, ECHILD: 10,
  ECONNABORTED: 103, ECONNREFUSED: 111, ECONNRESET: 104, EDEADLK: 35, EDESTADDRREQ: 89,
  EDOM: 33, EDQUOT: 122, EEXIST: 17, EFAULT: 14, EFBIG: 27, EHOSTUNREACH: 113, EIDRM: 43,
  EILSEQ: 84, EINPROGRESS: 115, EINTR: 4, EINVAL: 22, EIO: 5, EISCONN: 106, EISDIR: 21,
  ELOOP: 40, EMFILE: 24, EMLINK: 31, EMSGSIZE: 90, EMULTIHOP: 72, ENAMETOOLONG: 36,
  ENETDOWN: 100, ENETRESET: 102, ENETUNREACH: 101, ENFILE: 23, ENOBUFS: 105, ENODATA: 61,
  ENODEV: 19, ENOENT: 2, ENOEXEC: 8, ENOLCK: 37, ENOLINK: 67, ENOMEM: 12, ENOMSG: 42,
  ENOPROTOOPT: 92, ENOSPC: 28, ENOSR: 63, ENOSTR: 60, ENOSYS: 38, ENOTCONN: 107, ENOTDIR: 20,
  ENOTEMPTY: 39, ENOTSOCK: 88, ENOTSUP: 95, ENOTTY: 25, ENXIO: 6, EOPNOTSUPP: 95,
  EOVERFLOW: 75, EPERM: 1, EPIPE: 32, EPROTO: 71, EPROTONOSUPPORT: 93, EPROTOTYPE: 91,
  ERANGE: 34, EROFS: 30, ESPIPE: 29, ESRCH: 3, ESTALE: 116, ETIME: 62, ETIMEDOUT: 110,
  ETXTBSY: 26, EWOULDBLOCK: 11, EXDEV: 18,
});

const priority = nullProto({
  PRIORITY_LOW: 19, PRIORITY_BELOW_NORMAL: 10, PRIORITY_NORMAL: 0,
  PRIORITY_ABOVE_NORMAL: -7, PRIORITY_HIGH: -14, PRIORITY_HIGHEST: -20,
});

const dlopen = nullProto({ RTLD_LAZY: 1, RTLD_NOW: 2, RTLD_GLOBAL: 256, RTLD_LOCAL: 0, RTLD_DEEPBIND: 8 });

const constants = nullProto({ UV_UDP_REUSEADDR: 4, dlopen, errno, signals, priority });

Object.assign(exports, {
  arch,
  availableParallelism,
  cpus,
  endianness,
  freemem,
  getPriority,
  homedir,
  hostname,
  loadavg,
  networkInterfaces,
  platform,
  release,
  setPriority,
  tmpdir,
  totalmem,
  type,
  userInfo,
  uptime,
  version,
  machine,
});
Object.defineProperty(exports, "constants", { value: constants, writable: false, enumerable: true, configurable: false });
Object.defineProperty(exports, "EOL", { value: "\n", writable: false, enumerable: true, configurable: true });
Object.defineProperty(exports, "devNull", { value: "/dev/null", writable: false, enumerable: true, configurable: true });
