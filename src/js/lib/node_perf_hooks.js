// node_perf_hooks.js - `perf_hooks`.
const perf = require("performance");
exports.performance = perf.performance;
exports.Performance = perf.Performance;
exports.PerformanceEntry = perf.PerformanceEntry;
exports.PerformanceMark = perf.PerformanceMark;
exports.PerformanceMeasure = perf.PerformanceMeasure;
exports.constants = { NODE_PERFORMANCE_GC_MAJOR: 4, NODE_PERFORMANCE_GC_MINOR: 1, NODE_PERFORMANCE_GC_INCREMENTAL: 8, NODE_PERFORMANCE_GC_WEAKCB: 16 };
exports.PerformanceObserver = class PerformanceObserver {
  constructor(callback) { this._cb = callback; }
  observe() {}
  disconnect() {}
  takeRecords() { return []; }
  static get supportedEntryTypes() { return ["mark", "measure"]; }
};
