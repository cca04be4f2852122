// node_child_process.js - node:child_process. In the box's node (host.node)
// children are programs of the box, started by its kernel (host.proc,
// src/js/proc.c): ls, sh, node, ... found on the box's PATH, never a host
// binary. Outside a box (exec) every function exists and throws.
if (!host.node) {
  const denied = (name) => function () {
    const err = new Error(`${name}(): subprocesses are not allowed in the sandbox`);
    err.code = "ERR_ACCESS_DENIED";
    throw err;
  };
  for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"])
    exports[name] = denied(name);
  exports.ChildProcess = function ChildProcess() { denied("ChildProcess")(); };
  exports._forkChild = () => {};
} else {
  require("child_process_box").install(exports);
}
