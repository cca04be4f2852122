// node_net.js - refused in the sandbox: loading works, every use throws.
const deny = (what) => function () {
  const err = new Error(host.node ? `${what} is not in the box's node yet: sockets need the box's network (issue 22)`
    : `${what} is not available in the sandbox`);
  err.code = "ERR_ACCESS_DENIED";
  throw err;
};
exports.module = new Proxy({}, {
  get(_, key) {
    if (typeof key === "symbol" || key === "then" || key === "__esModule") return undefined;
    return deny(`net.${key}`);
  },
});
