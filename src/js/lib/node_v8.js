// node_v8.js - refused in the sandbox: loading works, every use throws
// (deny_module.js).
const { denyModule } = require("deny_module");
exports.module = denyModule("v8", [
  "cachedDataVersionTag", "getHeapSnapshot", "getHeapStatistics", "getHeapSpaceStatistics", "getHeapCodeStatistics", "setFlagsFromString",
  "Serializer", "Deserializer", "DefaultSerializer", "DefaultDeserializer", "deserialize", "takeCoverage",
  "stopCoverage", "serialize", "writeHeapSnapshot", "promiseHooks", "queryObjects", "startupSnapshot",
  "setHeapSnapshotNearHeapLimit", "GCProfiler",
]);
