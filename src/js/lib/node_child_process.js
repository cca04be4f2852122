// node_child_process.js - subprocesses are not allowed in the sandbox: every
// function exists (so code that only imports the module loads) and throws.
function denied(name) {
  return function () {
    const err = new Error(`${name}(): subprocesses are not allowed in the sandbox`);
    err.code = "ERR_ACCESS_DENIED";
    throw err;
  };
}
for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"])
  exports[name] = denied(name);
exports.ChildProcess = function ChildProcess() { denied("ChildProcess")(); };
