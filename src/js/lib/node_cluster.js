// node_cluster.js - refused in the sandbox: loading works, every use throws
// (deny_module.js).
const { denyModule } = require("deny_module");
exports.module = denyModule("cluster", [
  "isMaster", "isPrimary", "isWorker", "workers", "settings", "SCHED_NONE",
  "SCHED_RR", "schedulingPolicy", "setupMaster", "setupPrimary", "fork", "disconnect",
  "Worker",
]);
