// performance: marks, measures, the entry buffer, errors, shapes, inspect.
// Times are compared as computed values only where they are fixed (given
// startTimes); clock readings are checked for plausibility.
"use strict";

const util = require("util");

function attrs(object, key) {
  const d = Object.getOwnPropertyDescriptor(object, key);
  if (!d) return "none";
  const kind = "value" in d ? (typeof d.value === "function" ? "method" : `value:${String(d.value)}`) : "accessor";
  return `${kind}${d.enumerable ? " E" : ""}${d.configurable ? " C" : ""}${d.writable ? " W" : ""}`;
}

function listing(object, skip = []) {
  return Reflect.ownKeys(object)
    .filter((k) => typeof k === "string" || k === Symbol.toStringTag || k === Symbol.for("nodejs.util.inspect.custom"))
    .filter((k) => !skip.includes(k))
    .map((k) => `${String(k)}: ${attrs(object, k)}`);
}

// Node-only members we do not provide (see performance.js).
const nodeOnly = [
  "clearResourceTimings", "setResourceTimingBufferSize", "eventLoopUtilization",
  "nodeTiming", "markResourceTiming", "timerify", "onresourcetimingbufferfull",
];

const entry = (e) => [e.name, e.entryType, e.startTime, e.duration, e.detail === undefined ? "<undefined>" : e.detail];
// Entries whose times come from the clock: keep only the fixed parts.
const loose = (e) => [e.name, e.entryType, typeof e.startTime, typeof e.duration, e.detail];

const cases = [];
const add = (name, run, extra = {}) => cases.push({ name, run, ...extra });
const raw = (name, run, extra = {}) => cases.push({ name, run, raw: true, ...extra });

function fresh(api) {
  api.performance.clearMarks();
  api.performance.clearMeasures();
}

raw("Performance prototype listing", (api) => listing(api.Performance.prototype, nodeOnly));
raw("PerformanceEntry prototype listing", (api) => listing(api.PerformanceEntry.prototype));
raw("PerformanceMark prototype listing", (api) => listing(api.PerformanceMark.prototype));
raw("PerformanceMeasure prototype listing", (api) => listing(api.PerformanceMeasure.prototype));
raw("performance shapes", (api) => {
  fresh(api);
  const m = api.performance.mark("a");
  const ms = api.performance.measure("b");
  return [
    Object.getPrototypeOf(api.Performance.prototype) === api.EventTarget.prototype,
    api.performance instanceof api.Performance,
    Object.getPrototypeOf(api.PerformanceMark.prototype) === api.PerformanceEntry.prototype,
    Object.getPrototypeOf(api.PerformanceMeasure.prototype) === api.PerformanceEntry.prototype,
    m instanceof api.PerformanceMark, ms instanceof api.PerformanceMeasure, m instanceof api.PerformanceEntry,
    Object.keys(m), Object.keys(ms), Object.keys(api.performance),
    String(api.performance), String(m), String(ms),
    [api.PerformanceMark.length, api.PerformanceEntry.length, api.PerformanceMeasure.length, api.Performance.length],
    ["mark", "measure", "getEntriesByName", "getEntriesByType", "clearMarks", "clearMeasures", "getEntries", "now", "toJSON"]
      .map((k) => api.performance[k].length),
  ];
});
raw("now and timeOrigin", (api) => {
  const a = api.performance.now();
  const b = api.performance.now();
  return [
    typeof a, a <= b, Math.abs(a - performance.now()) < 5,
    typeof api.performance.timeOrigin, Math.abs(api.performance.timeOrigin - performance.timeOrigin) < 1,
    Math.abs(api.performance.timeOrigin + api.performance.now() - Date.now()) < 5,
  ];
});
raw("toJSON", (api) => {
  const j = api.performance.toJSON();
  return [typeof j.timeOrigin, j.timeOrigin === api.performance.timeOrigin];
});

add("new Performance", (api) => new api.Performance());
add("new PerformanceEntry", (api) => new api.PerformanceEntry());
add("new PerformanceMeasure", (api) => new api.PerformanceMeasure());
add("PerformanceMark without new", (api) => api.PerformanceMark("x"));
for (const key of ["now", "mark", "measure", "getEntries", "clearMarks", "toJSON"]) {
  add(`Performance ${key} on foreign object`, (api) => api.Performance.prototype[key].call({}, "x"), { v22: true });
}
add("Performance timeOrigin on foreign object", (api) => Object.getOwnPropertyDescriptor(api.Performance.prototype, "timeOrigin").get.call({}), { v22: true });
add("unbound performance.now", (api) => {
  const { now } = api.performance;
  return now();
}, { v22: true });
for (const key of ["name", "entryType", "startTime", "duration"]) {
  add(`PerformanceEntry ${key} on foreign object`, (api) => Object.getOwnPropertyDescriptor(api.PerformanceEntry.prototype, key).get.call({}), { v22: true });
}
add("PerformanceMark detail on foreign object", (api) => Object.getOwnPropertyDescriptor(api.PerformanceMark.prototype, "detail").get.call({}), { v22: true });
add("PerformanceMeasure detail on a mark", (api) => Object.getOwnPropertyDescriptor(api.PerformanceMeasure.prototype, "detail").get.call(api.performance.mark("q")), { v22: true });

// --- mark ------------------------------------------------------------------------------

const markCalls = {
  "no args": [],
  "number name": [5],
  "symbol name": [Symbol()],
  "object name": [{ toString: () => "objname" }],
  "number options": ["x", 5],
  "array options": ["x", []],
  "function options": ["x", () => {}],
  "null options": ["x", null],
  "negative startTime": ["x", { startTime: -1 }],
  "string startTime": ["x", { startTime: "5" }],
  "bigint startTime": ["x", { startTime: 1n }],
  "zero startTime": ["x", { startTime: 0 }],
  "NaN startTime": ["x", { startTime: NaN }],
  "Infinity startTime": ["x", { startTime: Infinity }],
  "startTime 12.5": ["x", { startTime: 12.5, detail: { a: [1] } }],
  "function detail": ["x", { detail: () => {} }],
  "null detail": ["x", { startTime: 1, detail: null }],
  "undefined detail": ["x", { startTime: 1, detail: undefined }],
  "zero detail": ["x", { startTime: 1, detail: 0 }],
};
for (const [label, args] of Object.entries(markCalls)) {
  add(`mark ${label}`, (api) => {
    fresh(api);
    const m = api.performance.mark(...args);
    return m.startTime === 0 || m.startTime === 12.5 || m.startTime === 1 || Number.isNaN(m.startTime) || m.startTime === Infinity
      ? entry(m) : loose(m);
  }, { raw: true });
}
for (const name of ["nodeStart", "v8Start", "environment", "loopStart", "loopExit", "bootstrapComplete", "idleTime", "name", "timeOrigin"]) {
  raw(`mark named ${name}`, (api) => {
    try {
      return loose(api.performance.mark(name));
    } catch (e) {
      return [e.name, e.code, e.message];
    }
  });
}
raw("mark detail is cloned once", (api) => {
  const d = { a: 1 };
  const m = api.performance.mark("x", { detail: d });
  return [m.detail === d, m.detail === m.detail, m.detail];
});
raw("new PerformanceMark", (api) => {
  fresh(api);
  const m = new api.PerformanceMark("pm", { startTime: 3, detail: [1] });
  return [entry(m), api.performance.getEntriesByName("pm").length, api.performance.measure("x", "pm").startTime];
});
add("new PerformanceMark without args", (api) => new api.PerformanceMark());
raw("mark options getter order", (api) => {
  const order = [];
  const opts = {};
  for (const k of ["detail", "startTime"]) Object.defineProperty(opts, k, { get() { order.push(k); return k === "startTime" ? 1 : undefined; } });
  api.performance.mark("g", opts);
  return order;
});
raw("mark time recorded before detail clone fails", (api) => {
  fresh(api);
  try {
    api.performance.mark("bad", { startTime: 7, detail: () => {} });
  } catch (e) {
    return [e.name, api.performance.getEntriesByName("bad").length, api.performance.measure("m", "bad").startTime];
  }
  return "no error";
});

// --- measure ----------------------------------------------------------------------------

function measureCase(label, args, setup = () => {}) {
  raw(`measure ${label}`, (api) => {
    fresh(api);
    api.performance.mark("s", { startTime: 10 });
    api.performance.mark("e", { startTime: 25 });
    api.performance.mark("5", { startTime: 4 });
    setup(api);
    try {
      const m = api.performance.measure(...args);
      // Clock-dependent ends are checked for type only.
      const clockEnd = Math.abs(m.startTime + m.duration - api.performance.now()) < 50 && m.startTime + m.duration > 30;
      return clockEnd ? ["clock end", m.name, m.startTime, typeof m.duration, m.detail] : entry(m);
    } catch (e) {
      return ["threw", e.name, e.code, e.message, e instanceof api.DOMException];
    }
  });
}
measureCase("no args", []);
measureCase("number name", [5]);
measureCase("symbol name", [Symbol()]);
measureCase("name only", ["x"]);
measureCase("unknown start mark", ["x", "nope"]);
measureCase("unknown end mark", ["x", undefined, "nope2"]);
measureCase("empty mark name", ["x", ""]);
measureCase("numeric start", ["x", 5]);
measureCase("negative start", ["x", -1]);
measureCase("string number start", ["x", "5"]);
measureCase("null start", ["x", null]);
measureCase("undefined start", ["x", undefined]);
measureCase("start and end marks", ["se", "s", "e"]);
measureCase("end before start", ["x", "e", "s"]);
measureCase("same mark", ["x", "s", "s"]);
measureCase("numeric end", ["x", undefined, 3]);
measureCase("negative end", ["x", "s", -3]);
measureCase("options start end detail", ["x", { start: 1, end: 3, detail: "d" }]);
measureCase("options start duration", ["x", { start: 1, duration: 3 }]);
measureCase("options end duration", ["x", { end: 10, duration: 3 }]);
measureCase("options all three", ["x", { start: 1, end: 3, duration: 2 }]);
measureCase("options empty", ["x", {}]);
measureCase("options detail only", ["x", { detail: { z: 1 } }]);
measureCase("options duration only", ["x", { duration: 3 }]);
measureCase("options with endMark", ["x", { start: 1 }, "e"]);
measureCase("options detail with endMark", ["x", { detail: 1 }, "e"]);
measureCase("options marks", ["x", { start: "s", end: "e" }]);
measureCase("options negative start", ["x", { start: -5 }]);
measureCase("options unknown start", ["x", { start: "nope" }]);
measureCase("options mark duration", ["x", { start: 2, duration: "s" }]);
measureCase("options negative duration", ["x", { start: 5, duration: -2 }]);
measureCase("options inherited", ["x", Object.create({ start: 1, end: 2 })]);
measureCase("options array", ["x", [1]]);
measureCase("options function detail", ["x", { start: 1, detail: () => {} }]);
measureCase("options start 0 end 0", ["x", { start: 0, end: 0 }]);
measureCase("options end only", ["x", { end: 5 }]);
measureCase("options start only", ["x", { start: 15 }]);
// Node's milestones are its own boot times; ours all read 0 (see performance.js).
cases.push({
  name: "measure milestone start (differs from Node)",
  raw: true,
  mine: { value: ["x", "measure", 0, 10, null], log: [] },
  run: (api) => {
    api.performance.mark("s", { startTime: 10 });
    return entry(api.performance.measure("x", "nodeStart", "s"));
  },
});
measureCase("cleared mark", ["x", "s"], (api) => api.performance.clearMarks("s"));
measureCase("remarked mark", ["x", "s"], (api) => api.performance.mark("s", { startTime: 12 }));
raw("measure options getter order", (api) => {
  const order = [];
  const opts = {};
  for (const k of ["detail", "duration", "end", "start"]) {
    Object.defineProperty(opts, k, { get() { order.push(k); return k === "start" ? 1 : undefined; } });
  }
  api.performance.measure("g", opts);
  return order;
});
raw("measure detail is cloned", (api) => {
  const d = { a: 1 };
  const m = api.performance.measure("md", { start: 0, detail: d });
  return [m.detail === d, m.detail, m.detail === m.detail];
});

// --- the buffer ---------------------------------------------------------------------------

raw("getEntries order and filters", (api) => {
  fresh(api);
  const p = api.performance;
  p.mark("b", { startTime: 5 });
  p.mark("a", { startTime: 3 });
  p.measure("m1", { start: 4, end: 6 });
  p.mark("a", { startTime: 9 });
  p.measure("a", { start: 3, end: 4 });
  p.measure("m0", { start: 0, end: 1 });
  const names = (list) => list.map((e) => `${e.name}/${e.entryType}/${e.startTime}`);
  return {
    all: names(p.getEntries()),
    byNameA: names(p.getEntriesByName("a")),
    byNameAMark: names(p.getEntriesByName("a", "mark")),
    byNameAMeasure: names(p.getEntriesByName("a", "measure")),
    byNameBogus: names(p.getEntriesByName("a", "bogus")),
    byNameCoerce: names(p.getEntriesByName({ toString: () => "b" })),
    byTypeMark: names(p.getEntriesByType("mark")),
    byTypeMeasure: names(p.getEntriesByType("measure")),
    byTypeCoerce: names(p.getEntriesByType({ toString: () => "mark" })),
    byTypeBogus: names(p.getEntriesByType("bogus")),
    fresh: p.getEntries() !== p.getEntries(),
  };
});
add("getEntriesByName without args", (api) => api.performance.getEntriesByName());
add("getEntriesByType without args", (api) => api.performance.getEntriesByType());
raw("clearMarks and clearMeasures", (api) => {
  fresh(api);
  const p = api.performance;
  p.mark("7", { startTime: 1 });
  p.mark("x", { startTime: 2 });
  p.mark("y", { startTime: 3 });
  p.measure("mx", { start: 1, end: 2 });
  p.measure("my", { start: 1, end: 3 });
  const out = [];
  p.clearMarks(7);
  out.push(p.getEntriesByType("mark").map((e) => e.name));
  p.clearMarks("nothing");
  out.push(p.getEntriesByType("mark").length);
  p.clearMeasures("mx");
  out.push(p.getEntriesByType("measure").map((e) => e.name));
  p.clearMarks(undefined);
  out.push(p.getEntriesByType("mark").length);
  try {
    p.measure("z", "x");
  } catch (e) {
    out.push(e.message);
  }
  p.clearMeasures();
  out.push(p.getEntries().length);
  return out;
});
raw("entry toJSON", (api) => {
  fresh(api);
  const m = api.performance.mark("j", { startTime: 2, detail: { d: 1 } });
  const ms = api.performance.measure("k", { start: 1, end: 4, detail: [1] });
  return [
    m.toJSON(), ms.toJSON(), JSON.stringify(m), JSON.stringify(ms),
    api.PerformanceEntry.prototype.toJSON.call(ms),
    api.PerformanceMark.prototype.toJSON.call(m),
  ];
});
add("PerformanceMark toJSON on a measure", (api) => api.PerformanceMark.prototype.toJSON.call(api.performance.measure("t", { start: 1, end: 2 })), { v22: true });

// --- inspect -----------------------------------------------------------------------------

raw("inspect entries", (api) => {
  const m = api.performance.mark("a", { startTime: 1.5, detail: { x: [1] } });
  const ms = api.performance.measure("b", { start: 1, end: 3 });
  return [
    util.inspect(m), util.inspect(ms), util.inspect([m]), util.inspect(m, { depth: -1 }),
    util.inspect({ q: m }, { depth: 0 }), util.inspect(m, { colors: true }),
  ];
});
raw("inspect performance", (api) => [
  util.inspect(api.performance, { depth: -1 }),
  util.inspect({ p: api.performance }, { depth: 0 }),
]);

module.exports = cases;
