// The `performance` global and its entry classes (User Timing), as Node 22
// has them: now(), timeOrigin, mark(), measure(), the entry buffer and its
// getEntries*/clear* accessors, toJSON().
//
// Differences from Node: there are no Node-specific members (nodeTiming,
// eventLoopUtilization, timerify, resource timing), so toJSON() and the
// inspect output only show timeOrigin. The Node milestone names that
// measure() accepts in place of a mark (nodeStart, v8Start, environment,
// bootstrapComplete) all read 0, the run's start; loopStart and loopExit
// read -1, as in Node while the main script runs. mark() refuses all six,
// as Node does.
"use strict";

const { EventTarget } = require("event_target");
const { DOMException } = require("dom_exception");
const {
  codedError,
  illegalConstructor,
  invalidArgType,
  invalidArgValue,
  invalidThis,
  missingArgs,
  validatePlainObjectArg,
} = require("web_errors");

const kInspect = Symbol.for("nodejs.util.inspect.custom");
const kConstruct = Symbol("kConstruct"); // lets this file call the constructors

// --- the clock ------------------------------------------------------------
// Performance time is milliseconds since the run started (timeOrigin, wall
// clock). The runtime's host.hrtime() already counts from the run's start:
// a reading smaller than the time elapsed since timeOrigin (plus a second
// of slack) shows that, and the clock is used as is. A host whose
// monotonic clock has another zero (a test shim over Node's
// process.hrtime) gets its start reading estimated once, by bridging
// through the wall clock, to about a millisecond. Both are read when first
// asked, not as this file loads: the box's node loads it before its run
// exists (bootstrap.js, preloadForBox).
let startNs;
function start() {
  if (startNs === undefined) {
    const reading = host.hrtime();
    const elapsedMs = Math.max(0, Date.now() - host.timeOrigin);
    startNs = reading < (elapsedMs + 1000) * 1e6 ? 0 : Math.round(reading - elapsedMs * 1e6);
  }
  return startNs;
}

function now() {
  return (host.hrtime() - start()) / 1e6;
}

// Node's milestones, accepted by measure() in place of mark names.
const milestones = new Map([
  ["nodeStart", 0],
  ["v8Start", 0],
  ["environment", 0],
  ["bootstrapComplete", 0],
  ["loopStart", -1],
  ["loopExit", -1],
]);

// --- the entry buffer ------------------------------------------------------
let markEntries = [];
let measureEntries = [];
const markTimes = new Map(); // mark name -> startTime of its latest mark

function invalidTimestamp(value) {
  return codedError(TypeError, "ERR_PERFORMANCE_INVALID_TIMESTAMP", `${value} is not a valid timestamp`);
}

function invalidMeasureOptions(message) {
  return codedError(TypeError, "ERR_PERFORMANCE_MEASURE_INVALID_OPTIONS", message);
}

function cloneDetail(detail) {
  return detail != null ? require("structured_clone").structuredClone(detail) : null;
}

// A depth-limited [Name] as Node prints an entry it does not expand.
function collapsed(self, options) {
  const text = `[${self.constructor.name}]`;
  return typeof options.stylize === "function" ? options.stylize(text, "special") : text;
}

function nestedInspect(value, options, inspect) {
  const fn = typeof inspect === "function" ? inspect : require("inspect").inspect;
  const opts = Object.assign({}, options);
  if (typeof options.depth === "number") opts.depth = options.depth - 1;
  return fn(value, opts);
}

// --- entries ------------------------------------------------------------------

let entryStart; // (entry) -> startTime, for sorting without the getters
let detailOf; // (value) -> a mark's or measure's detail, or kNoDetail
const kNoDetail = Symbol("kNoDetail");

class PerformanceEntry {
  #name;
  #entryType;
  #startTime;
  #duration;
  // Held here for marks and measures alike: as in Node, either class's
  // `detail` getter and toJSON() accept both kinds of entry.
  #detail;

  constructor(...args) {
    if (args[0] !== kConstruct) throw illegalConstructor();
    this.#name = args[1];
    this.#entryType = args[2];
    this.#startTime = args[3];
    this.#duration = args[4];
    this.#detail = args.length > 5 ? args[5] : kNoDetail;
  }

  static {
    entryStart = (entry) => entry.#startTime;
    detailOf = (value) => (#detail in Object(value) ? value.#detail : kNoDetail);
  }

  get name() {
    if (!(#name in Object(this))) throw invalidThis("PerformanceEntry");
    return this.#name;
  }

  get entryType() {
    if (!(#name in Object(this))) throw invalidThis("PerformanceEntry");
    return this.#entryType;
  }

  get startTime() {
    if (!(#name in Object(this))) throw invalidThis("PerformanceEntry");
    return this.#startTime;
  }

  get duration() {
    if (!(#name in Object(this))) throw invalidThis("PerformanceEntry");
    return this.#duration;
  }

  toJSON() {
    if (!(#name in Object(this))) throw invalidThis("PerformanceEntry");
    return {
      name: this.#name,
      entryType: this.#entryType,
      startTime: this.#startTime,
      duration: this.#duration,
    };
  }

  [kInspect](depth, options, inspect) {
    if (depth < 0) return collapsed(this, options);
    return `${this.constructor.name} ${nestedInspect(this.toJSON(), options, inspect)}`;
  }
}

// toJSON() of a mark or a measure.
function entryJSON(entry, detail) {
  return {
    name: entry.name,
    entryType: entry.entryType,
    startTime: entry.startTime,
    duration: entry.duration,
    detail,
  };
}

class PerformanceMark extends PerformanceEntry {
  constructor(name, options = undefined) {
    if (arguments.length === 0) throw missingArgs("name");
    name = `${name}`;
    if (milestones.has(name)) throw invalidArgValue("name", name);
    if (options != null) validatePlainObjectArg(options, "options");
    const startTime = (options != null ? options.startTime : undefined) ?? now();
    if (typeof startTime !== "number") throw invalidArgType("startTime", "of type number", startTime);
    if (startTime < 0) throw invalidTimestamp(startTime);
    // Node records the time before cloning the detail (and for marks made
    // with `new` too, which are not buffered).
    markTimes.set(name, startTime);
    const detail = cloneDetail(options != null ? options.detail : undefined);
    super(kConstruct, name, "mark", startTime, 0, detail);
  }

  get detail() {
    const detail = detailOf(this);
    if (detail === kNoDetail) throw invalidThis("PerformanceMark");
    return detail;
  }

  toJSON() {
    const detail = detailOf(this);
    if (detail === kNoDetail) throw invalidThis("PerformanceMark");
    return entryJSON(this, detail);
  }
}

class PerformanceMeasure extends PerformanceEntry {
  constructor(...args) {
    if (args[0] !== kConstruct) throw illegalConstructor();
    super(kConstruct, args[1], "measure", args[2], args[3], args[4]);
  }

  get detail() {
    const detail = detailOf(this);
    if (detail === kNoDetail) throw invalidThis("PerformanceMeasure");
    return detail;
  }

  toJSON() {
    const detail = detailOf(this);
    if (detail === kNoDetail) throw invalidThis("PerformanceMeasure");
    return entryJSON(this, detail);
  }
}

// A mark's time for measure(): numbers are times, anything else a mark name.
function markTime(name) {
  if (name === undefined) return undefined;
  if (typeof name === "number") {
    if (name < 0) throw invalidTimestamp(name);
    return name;
  }
  name = `${name}`;
  if (milestones.has(name)) return milestones.get(name);
  const time = markTimes.get(name);
  if (time === undefined) {
    throw new DOMException(`The "${name}" performance mark has not been set`, "SyntaxError");
  }
  return time;
}

function byStartTime(a, b) {
  return entryStart(a) - entryStart(b);
}

// Entries of one type (or all), optionally of one name, sorted by startTime.
function filterEntries(name, type) {
  let list;
  if (type === "mark") list = markEntries;
  else if (type === "measure") list = measureEntries;
  else if (type !== undefined) return [];
  else list = markEntries.concat(measureEntries);
  list = name !== undefined ? list.filter((entry) => entry.name === name) : list.slice();
  return list.sort(byStartTime);
}

// --- Performance -----------------------------------------------------------------

class Performance extends EventTarget {
  #brand = true;

  constructor(token = undefined) {
    if (token !== kConstruct) throw illegalConstructor();
    super();
  }

  clearMarks(name = undefined) {
    if (!(#brand in Object(this))) throw invalidThis("Performance");
    if (name !== undefined) {
      name = `${name}`;
      markTimes.delete(name);
      markEntries = markEntries.filter((entry) => entry.name !== name);
    } else {
      markTimes.clear();
      markEntries = [];
    }
  }

  clearMeasures(name = undefined) {
    if (!(#brand in Object(this))) throw invalidThis("Performance");
    if (name !== undefined) {
      name = `${name}`;
      measureEntries = measureEntries.filter((entry) => entry.name !== name);
    } else {
      measureEntries = [];
    }
  }

  getEntries() {
    if (!(#brand in Object(this))) throw invalidThis("Performance");
    return filterEntries(undefined, undefined);
  }

  getEntriesByName(name, type = undefined) {
    if (!(#brand in Object(this))) throw invalidThis("Performance");
    if (arguments.length === 0) throw missingArgs("name");
    name = `${name}`;
    if (type !== undefined) type = `${type}`;
    return filterEntries(name, type);
  }

  getEntriesByType(type) {
    if (!(#brand in Object(this))) throw invalidThis("Performance");
    if (arguments.length === 0) throw missingArgs("type");
    return filterEntries(undefined, `${type}`);
  }

  mark(name, options = undefined) {
    if (!(#brand in Object(this))) throw invalidThis("Performance");
    if (arguments.length === 0) throw missingArgs("name");
    const entry = new PerformanceMark(name, options);
    markEntries.push(entry);
    return entry;
  }

  measure(name, startOrMeasureOptions = undefined, endMark = undefined) {
    if (!(#brand in Object(this))) throw invalidThis("Performance");
    if (arguments.length === 0) throw missingArgs("name");
    if (typeof name !== "string") throw invalidArgType("name", "of type string", name);

    // The options form is taken only when it names a start or an end.
    let start;
    let end;
    let duration;
    let optionsValid = false;
    const options = startOrMeasureOptions;
    if (options !== null && typeof options === "object") {
      ({ start, end, duration } = options);
      optionsValid = start !== undefined || end !== undefined;
    }
    if (optionsValid) {
      if (endMark !== undefined) throw invalidMeasureOptions("endMark must not be specified");
      if (start !== undefined && end !== undefined && duration !== undefined) {
        throw invalidMeasureOptions("Must not have options.start, options.end, and options.duration specified");
      }
    }

    let endTime;
    if (endMark !== undefined) endTime = markTime(endMark);
    else if (optionsValid && end !== undefined) endTime = markTime(end);
    else if (optionsValid && start !== undefined && duration !== undefined) {
      endTime = markTime(start) + markTime(duration);
    } else endTime = now();

    let startTime;
    if (typeof options === "string") startTime = markTime(options);
    else if (optionsValid && start !== undefined) startTime = markTime(start);
    else if (optionsValid && duration !== undefined && end !== undefined) {
      startTime = endTime - markTime(duration);
    } else startTime = 0;

    const detail = cloneDetail(options != null ? options.detail : undefined);
    const entry = new PerformanceMeasure(kConstruct, name, startTime, endTime - startTime, detail);
    measureEntries.push(entry);
    return entry;
  }

  now() {
    if (!(#brand in Object(this))) throw invalidThis("Performance");
    return now();
  }

  get timeOrigin() {
    if (!(#brand in Object(this))) throw invalidThis("Performance");
    return host.timeOrigin;
  }

  toJSON() {
    if (!(#brand in Object(this))) throw invalidThis("Performance");
    return { timeOrigin: host.timeOrigin };
  }

  [kInspect](depth, options, inspect) {
    if (depth < 0) return collapsed(this, options);
    return `Performance ${nestedInspect({ timeOrigin: host.timeOrigin }, options, inspect)}`;
  }
}

// --- shape the classes like Node's ------------------------------------------------

function setEnumerable(proto, keys) {
  for (const key of keys) {
    const desc = Object.getOwnPropertyDescriptor(proto, key);
    desc.enumerable = true;
    Object.defineProperty(proto, key, desc);
  }
}

function setTag(proto, tag) {
  Object.defineProperty(proto, Symbol.toStringTag, {
    value: tag,
    writable: false,
    enumerable: false,
    configurable: true,
  });
}

setEnumerable(PerformanceEntry.prototype, ["name", "entryType", "startTime", "duration", "toJSON"]);
setEnumerable(PerformanceMark.prototype, ["detail"]);
setEnumerable(PerformanceMeasure.prototype, ["detail"]);
setEnumerable(Performance.prototype, [
  "clearMarks", "clearMeasures", "getEntries", "getEntriesByName", "getEntriesByType",
  "mark", "measure", "now", "timeOrigin", "toJSON",
]);
setTag(PerformanceMark.prototype, "PerformanceMark");
setTag(PerformanceMeasure.prototype, "PerformanceMeasure");
setTag(Performance.prototype, "Performance");

const performance = new Performance(kConstruct);

exports.performance = performance;
exports.Performance = Performance;
exports.PerformanceEntry = PerformanceEntry;
exports.PerformanceMark = PerformanceMark;
exports.PerformanceMeasure = PerformanceMeasure;
// For sibling files only (Event timeStamps): milliseconds since the run's start.
exports.now = now;
