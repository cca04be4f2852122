// process_signals.js - process.kill and signal listeners
// (process.on('SIGTERM', ...)) for the box's node, as Node's: a listener
// replaces the default action while it is there and does not keep the
// process alive; kill goes through the box's kernel to the box's pids.
const signals = require("node_os").constants.signals;
const { invalidArgType, codedError } = require("web_errors");
const { getSystemErrorName } = require("node_util");

function errnoException(err, syscall) {
  const code = getSystemErrorName(err);
  const ex = new Error(`${syscall} ${code}`);
  ex.errno = err;
  ex.code = code;
  ex.syscall = syscall;
  return ex;
}

const isSignal = (type) => typeof type === "string" && type.startsWith("SIG") && signals[type] !== undefined;

exports.install = (process) => {
  const listening = new Set();
  process._kill = (pid, sig) => host.proc.kill(pid, sig);
  process.kill = function kill(pid, sig) {
    // eslint-disable-next-line eqeqeq
    if (pid != (pid | 0)) throw invalidArgType("pid", "of type number", pid);
    let err;
    if (sig === (sig | 0)) {
      err = process._kill(pid, sig);
    } else {
      sig = sig || "SIGTERM";
      if (!signals[sig]) throw codedError(TypeError, "ERR_UNKNOWN_SIGNAL", `Unknown signal: ${sig}`);
      err = process._kill(pid, signals[sig]);
    }
    if (err) throw errnoException(err, "kill");
    return true;
  };
  process.abort = function abort() {
    host.proc.signal(signals.SIGABRT, null);
    host.proc.kill(process.pid, signals.SIGABRT);
  };
  process.on("newListener", (type) => {
    if (!isSignal(type) || listening.has(type)) return;
    const err = host.proc.signal(signals[type], () => process.emit(type, type));
    if (err) throw errnoException(err, "uv_signal_start");
    listening.add(type);
  });
  process.on("removeListener", (type) => {
    if (!listening.has(type) || process.listenerCount(type) > 0) return;
    host.proc.signal(signals[type], null);
    listening.delete(type);
  });
};
