// node_repl.js - refused in the sandbox: loading works, every use throws.
const deny = (what) => function () {
  const err = new Error(`${what} is not available in the sandbox`);
  err.code = "ERR_ACCESS_DENIED";
  throw err;
};
exports.module = new Proxy({}, {
  get(_, key) {
    if (typeof key === "symbol" || key === "then" || key === "__esModule") return undefined;
    return deny(`repl.${key}`);
  },
});
