// console.js: the global `console` and the `Console` class, printing what
// Node 22 prints.
//
// The global console writes to the guest's stdout/stderr through
// host.write(1|2, text), one write per call, and never uses colors (the
// sandbox's stdout and stderr are pipes, not terminals).
//
// Warnings (console.timeEnd('nope'), ...) go to process.emitWarning as in
// Node: the emitWarning of require("process_warning") or else of
// require("process"), whichever exists first. Without either they are
// written to stderr at once in the form Node 22 prints them:
//   (node:PID) Warning: No such label 'x' for console.timeEnd()
//   (Use `node --trace-warnings ...` to show where the warning was created)
// (the second line only after the first warning), with PID = host.pid when
// the runtime provides it and 1 otherwise.
//
// Design: every console (a Console instance or the global one) has a Sink
// kept in a WeakMap, out of sight of inspect(console). The Sink holds the
// streams, the group indentation, the counters and the timers, and turns
// text into writes. The methods on Console.prototype only collect their
// arguments into text and hand it to the Sink.

'use strict';

// inspect.js is loaded on first need: printing only strings and numbers
// (most programs' output) never needs it, and start-up stays short.
let inspectModule;
const I = () => inspectModule || (inspectModule = require('inspect'));
const inspect = (...a) => I().inspect(...a);
const formatWithOptions = (...a) => I().formatWithOptions(...a);
const getStringWidth = (...a) => I().getStringWidth(...a);
const isStackOverflowError = (...a) => I().isStackOverflowError(...a);
const getKind = (...a) => I().getKind(...a);
const describeReceived = (...a) => I().describeReceived(...a);

// The text of primitives as console.log prints them, or undefined when
// inspect is needed (objects, a format string, colors).
function plainText(args) {
  let out = '';
  for (let i = 0; i < args.length; i++) {
    const v = args[i];
    let t;
    switch (typeof v) {
      case 'string':
        if (i === 0 && v.includes('%')) return undefined;
        t = v;
        break;
      case 'number':
        t = v === 0 && 1 / v < 0 ? '-0' : '' + v;
        break;
      case 'bigint':
        t = v + 'n';
        break;
      case 'boolean':
      case 'undefined':
        t = '' + v;
        break;
      case 'symbol':
        t = v.toString();
        break;
      default:
        if (v !== null) return undefined;
        t = 'null';
    }
    out += i === 0 ? t : ' ' + t;
  }
  return out;
}

const MAX_GROUP_INDENTATION = 1000;

function codedError(Ctor, code, message) {
  const err = new Ctor(message);
  err.code = code;
  return err;
}

// ---------------------------------------------------------------------------
// Warnings.

let hintShown = false;
function warn(message) {
  for (const name of ['process_warning', 'process']) {
    let mod;
    try {
      mod = require(name);
    } catch {
      continue;
    }
    if (mod && typeof mod.emitWarning === 'function') {
      mod.emitWarning(message);
      return;
    }
  }
  const pid = host && typeof host.pid === 'number' ? host.pid : 1;
  let text = `(node:${pid}) Warning: ${message}\n`;
  if (!hintShown) {
    hintShown = true;
    text += '(Use `node --trace-warnings ...` to show where the warning was created)\n';
  }
  host.write(2, text);
}

// ---------------------------------------------------------------------------
// Elapsed time as console.timeEnd() writes it:
//   under a second   "1.234ms" (at most three decimals, no trailing zeros)
//   under a minute   "1.500s"
//   under an hour    "1:02.250 (m:ss.mmm)"
//   beyond           "1:02:05.500 (h:mm:ss.mmm)"
// Hours and minutes are whole units taken off first; the seconds are then
// rounded to three decimals on their own (so 9 minutes 59.9999 s reads
// "9:60.000", as in Node).

function twoDigits(n) {
  return `${n}`.padStart(2, '0');
}

function elapsedText(ms) {
  if (ms < 1000) return `${Number(ms.toFixed(3))}ms`;
  if (ms < 60000) return `${(ms / 1000).toFixed(3)}s`;
  const hours = Math.floor(ms / 3600000);
  const withinHour = ms % 3600000;
  const minutes = Math.floor(withinHour / 60000);
  const [whole, fraction] = ((withinHour % 60000) / 1000).toFixed(3).split('.');
  const clock = hours === 0 ? `${minutes}` : `${hours}:${twoDigits(minutes)}`;
  return `${clock}:${twoDigits(whole)}.${fraction} (${hours === 0 ? 'm' : 'h:mm'}:ss.mmm)`;
}

function nowMs() {
  return host.hrtime() / 1e6;
}

// ---------------------------------------------------------------------------
// Sinks: per-console state and output.

const NO_COLORS = {};
const WITH_COLORS = { colors: true };

class Sink {
  constructor(out, err, ignoreErrors, colorMode, inspectOptions, indentWidth) {
    this.out = out;
    this.err = err;
    this.ignoreErrors = ignoreErrors;
    this.colorMode = colorMode; // 'auto', true or false
    this.inspectOptions = inspectOptions; // the caller's, or undefined
    this.indentWidth = indentWidth;
    this.indent = '';
    this.counts = new Map();
    this.timers = new Map();
  }

  // Options for inspect() when writing to `stream`. Colors: as colorMode
  // says, 'auto' meaning a terminal with more than two colors. Given
  // inspectOptions without `colors` are given the first answer for good,
  // as in Node.
  optionsFor(stream) {
    let color = this.colorMode;
    if (color === 'auto') {
      color = Boolean(stream && stream.isTTY &&
        (typeof stream.getColorDepth === 'function' ? stream.getColorDepth() > 2 : true));
    }
    const own = this.inspectOptions;
    if (own === undefined) return color ? WITH_COLORS : NO_COLORS;
    if (own.colors === undefined) own.colors = color;
    return own;
  }

  // Text for log-like methods: util.format with this console's options.
  text(toErr, args) {
    const opts = this.optionsFor(toErr ? this.err : this.out);
    if (opts === NO_COLORS) {
      const plain = plainText(args);
      if (plain !== undefined) return plain;
    }
    return formatWithOptions(opts, ...args);
  }

  // One write: the text indented by the open groups, and a line break.
  write(toErr, text) {
    if (this.indent !== '') {
      text = this.indent + (text.includes('\n') ? text.replaceAll('\n', `\n${this.indent}`) : text);
    }
    text += '\n';
    const stream = toErr ? this.err : this.out;
    if (!this.ignoreErrors) return stream.write(text);
    // A console is a debugging aid: failed writes are ignored, but a stack
    // overflow still reaches the caller.
    try {
      stream.write(text);
    } catch (e) {
      if (isStackOverflowError(e)) throw e;
    }
    return undefined;
  }

  // console.timeLog/timeEnd: false (after a warning) for an unknown label.
  reportTimer(self, method, label, extra) {
    const start = this.timers.get(label);
    if (start === undefined) {
      warn(`No such label '${label}' for console.${method}()`);
      return false;
    }
    self.log('%s: %s', label, elapsedText(nowMs() - start), ...extra);
    return true;
  }
}

const sinks = new WeakMap();

function sinkOf(self) {
  const sink = sinks.get(self);
  if (sink === undefined) throw new TypeError('Illegal invocation: not a console object');
  return sink;
}

// Attaches a sink, with Node's underscore properties (hidden) beside it.
function attachSink(self, sink) {
  const hidden = (value) => ({ value, writable: true, enumerable: false, configurable: true });
  Object.defineProperties(self, {
    _stdout: hidden(sink.out),
    _stderr: hidden(sink.err),
    _ignoreErrors: hidden(sink.ignoreErrors),
    _times: hidden(sink.timers),
  });
  sinks.set(self, sink);
}

// ---------------------------------------------------------------------------
// console.table.
//
// The data becomes columns of cell texts: a header and one text per row
// (a row without a value in a column leaves its cell blank). Values are
// inspected on one line, objects with more than two keys only by name,
// others one level deep, arrays to three items.

function cellText(value, options) {
  const collapsed = value !== null && typeof value === 'object' && !Array.isArray(value) &&
    Object.keys(value).length > 2;
  return inspect(value, { depth: collapsed ? -1 : 0, maxArrayLength: 3, breakLength: Infinity, ...options });
}

// Columns as parallel lists of headers and of cell lists (sparse, by row).
class Columns {
  constructor() {
    this.headers = [];
    this.cells = [];
  }

  add(header, cells = []) {
    this.headers.push(header);
    this.cells.push(cells);
    return cells;
  }

  // A first column numbering `count` rows 0, 1, ...
  static numbered(header, count, options) {
    const c = new Columns();
    const cells = c.add(header);
    for (let i = 0; i < count; i++) cells.push(cellText(i, options));
    return c;
  }
}

// Iterable data (Maps, Sets and their iterators): "(iteration index)",
// then "Key" and "Values" for key/value data, or "Values".
function iterationColumns(data, kind, options) {
  let entries;
  let pairs = kind === 'Map';
  if (kind === 'Map') {
    entries = [];
    for (const [k, v] of Map.prototype.entries.call(data)) entries.push(k, v);
  } else if ((kind === 'MapIterator' || kind === 'SetIterator') && typeof host.previewEntries === 'function' &&
             host.previewEntries(data) != null) {
    // Previewed, so the iterator is not used up.
    if (kind === 'MapIterator') [entries, pairs] = host.previewEntries(data, true);
    else entries = host.previewEntries(data);
  } else {
    entries = [...data];
  }
  const count = pairs ? entries.length / 2 : entries.length;
  const c = Columns.numbered('(iteration index)', count, options);
  if (pairs) {
    const keys = c.add('Key');
    const values = c.add('Values');
    for (let i = 0; i < count; i++) {
      keys.push(cellText(entries[2 * i], options));
      values.push(cellText(entries[2 * i + 1], options));
    }
  } else {
    const values = c.add('Values');
    for (const v of entries) values.push(cellText(v, options));
  }
  return c;
}

// Other objects: one row per own enumerable key, "(index)" holding the key.
// Object rows spread over one column per key (or per requested property);
// the columns come in the order an object would list such keys (integer
// keys first, the rest as first met). Primitive rows go into a last
// "Values" column (only when no properties were requested).
function keyedColumns(data, properties, options) {
  const c = new Columns();
  const rowKeys = Object.keys(data);
  c.add('(index)', rowKeys);
  const fields = { __proto__: null };
  const plain = [];
  rowKeys.forEach((rowKey, row) => {
    const item = data[rowKey];
    const primitive = item === null || (typeof item !== 'object' && typeof item !== 'function');
    if (primitive && properties === undefined) {
      plain[row] = cellText(item, options);
      return;
    }
    for (const key of properties || Object.keys(item)) {
      const cells = fields[key] || (fields[key] = []);
      cells[row] = primitive || !Object.prototype.hasOwnProperty.call(item, key) ? '' : cellText(item[key], options);
    }
  });
  for (const key of Object.keys(fields)) c.add(key, fields[key]);
  if (plain.length !== 0) c.add('Values', plain);
  return c;
}

// Box drawing: every column as wide as its widest text (display width)
// plus a space each side, texts left-aligned.
function drawTable({ headers, cells }) {
  const rowCount = Math.max(...cells.map((c) => c.length));
  const cell = (column, row) => (Object.prototype.hasOwnProperty.call(column, row) ? column[row] : '');
  const widths = headers.map((h, i) => {
    let w = getStringWidth(h);
    for (let r = 0; r < rowCount; r++) w = Math.max(w, getStringWidth(cell(cells[i], r)));
    return w;
  });
  const line = (texts) => `│ ${texts.map((t, i) => t + ' '.repeat(widths[i] - getStringWidth(t))).join(' │ ')} │`;
  const rule = (left, mid, right) => left + widths.map((w) => '─'.repeat(w + 2)).join(mid) + right;
  const out = [rule('┌', '┬', '┐'), line(headers), rule('├', '┼', '┤')];
  for (let r = 0; r < rowCount; r++) out.push(line(cells.map((column) => cell(column, r))));
  out.push(rule('└', '┴', '┘'));
  return out.join('\n');
}

// ---------------------------------------------------------------------------
// The methods, in Node's order. Aliases share one function, as in Node.

const methods = {
  log(...args) {
    const sink = sinkOf(this);
    sink.write(false, sink.text(false, args));
  },

  warn(...args) {
    const sink = sinkOf(this);
    sink.write(true, sink.text(true, args));
  },

  dir(object, options) {
    const sink = sinkOf(this);
    sink.write(false, inspect(object, { customInspect: false, ...sink.optionsFor(sink.out), ...options }));
  },

  time(label = 'default') {
    label = `${label}`;
    const timers = sinkOf(this).timers;
    if (timers.has(label)) {
      warn(`Label '${label}' already exists for console.time()`);
      return;
    }
    timers.set(label, nowMs());
  },

  timeEnd(label = 'default') {
    label = `${label}`;
    const sink = sinkOf(this);
    if (sink.reportTimer(this, 'timeEnd', label, [])) sink.timers.delete(label);
  },

  timeLog(label = 'default', ...data) {
    sinkOf(this).reportTimer(this, 'timeLog', `${label}`, data);
  },

  // "Trace: message" and the caller's stack frames, on stderr.
  trace: function trace(...args) {
    const message = sinkOf(this).text(true, args);
    const probe = new Error();
    if (typeof Error.captureStackTrace === 'function') Error.captureStackTrace(probe, trace);
    let stack;
    try {
      stack = require('errors').formatStack(probe);
    } catch {
      stack = probe.stack;
    }
    // The frames: the stack without its "Error" line.
    const frames = typeof stack === 'string' && stack.includes('\n') ? stack.slice(stack.indexOf('\n')) : '';
    this.error(`${message === '' ? 'Trace' : `Trace: ${message}`}${frames}`);
  },

  // A string message joins the "Assertion failed" text (and may hold
  // placeholders); anything else is printed after it.
  assert(expression, ...args) {
    if (expression) return;
    if (typeof args[0] === 'string') args[0] = `Assertion failed: ${args[0]}`;
    else args.unshift('Assertion failed');
    this.warn(...args);
  },

  // Clears a terminal (cursor home, erase below); a pipe is left alone.
  clear() {
    const out = this._stdout;
    if (out && out.isTTY) {
      out.write('\u001b[1;1H');
      out.write('\u001b[0J');
    }
  },

  count(label = 'default') {
    label = `${label}`;
    const counts = sinkOf(this).counts;
    const n = (counts.get(label) || 0) + 1;
    counts.set(label, n);
    this.log(`${label}: ${n}`);
  },

  // The label is looked up as given, and removed as a string (so
  // countReset(1) after count(1) warns, as in Node).
  countReset(label = 'default') {
    const counts = sinkOf(this).counts;
    if (!counts.has(label)) {
      warn(`Count for '${label}' does not exist`);
      return;
    }
    counts.delete(`${label}`);
  },

  group(...data) {
    if (data.length > 0) this.log(...data);
    const sink = sinkOf(this);
    sink.indent += ' '.repeat(sink.indentWidth);
  },

  groupEnd() {
    const sink = sinkOf(this);
    sink.indent = sink.indent.slice(0, Math.max(0, sink.indent.length - sink.indentWidth));
  },

  table(data, properties) {
    if (properties !== undefined && !Array.isArray(properties)) {
      throw codedError(TypeError, 'ERR_INVALID_ARG_TYPE',
        `The "properties" argument must be an instance of Array.${describeReceived(properties)}`);
    }
    if (data === null || typeof data !== 'object') return this.log(data);
    const sink = sinkOf(this);
    const options = sink.optionsFor(sink.out);
    const kind = getKind(data);
    const columns = kind === 'Map' || kind === 'Set' || kind === 'MapIterator' || kind === 'SetIterator'
      ? iterationColumns(data, kind, options)
      : keyedColumns(data, properties, options);
    return this.log(drawTable(columns));
  },
};

const KEY_ORDER = ['log', 'info', 'debug', 'warn', 'error', 'dir', 'time', 'timeEnd', 'timeLog',
  'trace', 'assert', 'clear', 'count', 'countReset', 'group', 'groupEnd', 'table', 'dirxml',
  'groupCollapsed'];
const ALIAS = { info: 'log', debug: 'log', dirxml: 'log', error: 'warn', groupCollapsed: 'group' };

// Copies of the methods bound to `target`, each named after its key, so
// they work detached (`const { log } = console`).
function bindMethods(target, source) {
  for (const key of Object.keys(Console.prototype)) {
    const bound = source[key].bind(target);
    Object.defineProperty(bound, 'name', { value: key });
    target[key] = bound;
  }
}

// ---------------------------------------------------------------------------
// The Console class.

function Console(options /* or: stdout, stderr, ignoreErrors */) {
  if (new.target === undefined) return Reflect.construct(Console, arguments);
  if (!options || typeof options.write === 'function') {
    options = { stdout: options, stderr: arguments[1], ignoreErrors: arguments[2] };
  }
  const {
    stdout,
    stderr = stdout,
    ignoreErrors = true,
    colorMode = 'auto',
    inspectOptions,
    groupIndentation = 2,
  } = options;

  for (const [name, stream] of [['stdout', stdout], ['stderr', stderr]]) {
    if (!stream || typeof stream.write !== 'function') {
      throw codedError(TypeError, 'ERR_CONSOLE_WRITABLE_STREAM',
        `Console expects a writable stream instance for ${name}`);
    }
  }
  if (colorMode !== 'auto' && colorMode !== true && colorMode !== false) {
    throw codedError(TypeError, 'ERR_INVALID_ARG_VALUE',
      `The argument 'colorMode' must be one of: 'auto', true, false. Received ${inspect(colorMode)}`);
  }
  if (typeof groupIndentation !== 'number') {
    throw codedError(TypeError, 'ERR_INVALID_ARG_TYPE',
      `The "groupIndentation" argument must be of type number.${describeReceived(groupIndentation)}`);
  }
  if (!Number.isInteger(groupIndentation) || groupIndentation < 0 ||
      groupIndentation > MAX_GROUP_INDENTATION) {
    const must = Number.isInteger(groupIndentation)
      ? `>= 0 && <= ${MAX_GROUP_INDENTATION}` : 'an integer';
    throw codedError(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "groupIndentation" is out of range. It must be ${must}. Received ${inspect(groupIndentation)}`);
  }
  if (inspectOptions !== undefined) {
    if (inspectOptions === null || typeof inspectOptions !== 'object') {
      throw codedError(TypeError, 'ERR_INVALID_ARG_TYPE',
        `The "options.inspectOptions" property must be of type object.${describeReceived(inspectOptions)}`);
    }
    if (inspectOptions.colors !== undefined && options.colorMode !== undefined) {
      throw codedError(TypeError, 'ERR_INCOMPATIBLE_OPTION_PAIR',
        'Option "options.inspectOptions.color" cannot be used in combination with option "colorMode"');
    }
  }

  // Taken from the instance, so a subclass's overrides are the ones bound.
  bindMethods(this, this);
  attachSink(this, new Sink(stdout, stderr, Boolean(ignoreErrors), colorMode, inspectOptions,
    groupIndentation));
}

for (const key of KEY_ORDER) {
  Object.defineProperty(Console.prototype, key, {
    value: methods[ALIAS[key] || key], writable: true, enumerable: true, configurable: true,
  });
}
Object.defineProperty(Console.prototype, Symbol.toStringTag, {
  value: 'console', writable: false, enumerable: false, configurable: true,
});

// The global console is a plain object (as in Node, not a Console
// instance) holding bound methods; `instanceof Console` holds for it too.
const globalConsoles = new WeakSet();
Object.defineProperty(Console, Symbol.hasInstance, {
  value(instance) {
    return globalConsoles.has(instance) || Function.prototype[Symbol.hasInstance].call(this, instance);
  },
  configurable: true,
});

function hostStream(fd) {
  return {
    write(text) {
      host.write(fd, text);
      return true;
    },
  };
}

function named(name, fn) {
  Object.defineProperty(fn, 'name', { value: name });
  return fn;
}

function createGlobalConsole() {
  const c = { __proto__: {} };
  bindMethods(c, Console.prototype);
  c.Console = Console;
  // Inspector-only methods: nothing to do without an inspector.
  for (const key of ['profile', 'profileEnd', 'timeStamp']) c[key] = named(key, function () {});
  c.context = function context() {
    return createGlobalConsole();
  };
  c.createTask = function createTask() {
    return { run(fn) { return fn(); } };
  };
  Object.defineProperty(c, Symbol.toStringTag, {
    value: 'console', writable: false, enumerable: false, configurable: true,
  });
  attachSink(c, new Sink(hostStream(1), hostStream(2), true, false, undefined, 2));
  globalConsoles.add(c);
  return c;
}

exports.Console = Console;
exports.console = createGlobalConsole();
exports.formatTime = elapsedText;
