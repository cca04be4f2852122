// node_child_process.js - subprocesses are not allowed in the sandbox: every
// function exists (so code that only imports the module loads) and throws.
function denied(name) {
  return function () {
    // a box has processes, but node's child_process is a later issue's
    const err = new Error(host.node
      ? `${name}(): child_process is not in the box's node yet (it comes with issue 22, node in the box with its network and npm)`
      : `${name}(): subprocesses are not allowed in the sandbox`);
    err.code = "ERR_ACCESS_DENIED";
    throw err;
  };
}
for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"])
  exports[name] = denied(name);
exports.ChildProcess = function ChildProcess() { denied("ChildProcess")(); };
