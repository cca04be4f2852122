// inspect.js: util.inspect, util.format and util.stripVTControlCharacters,
// printing what Node 22 prints.
//
// Exports: inspect (with inspect.custom, inspect.defaultOptions,
// inspect.colors, inspect.styles), format, formatWithOptions,
// stripVTControlCharacters, getStringWidth; for the other lib files also
// getKind (which built-in an object is), isStackOverflowError and
// describeReceived (the " Received ..." tail of ERR_INVALID_ARG_TYPE).
//
// The file is in parts: inspect_util.js (the built-ins taken early, the
// host hooks, which built-in an object is, the options, colors and styles,
// quoting and numbers, names and keys, the helpers for error stacks) and
// inspect_printer.js (terminal widths, the Frame and the Printer, the
// shapes, and inspect() itself). This file keeps format() and
// formatWithOptions() and gathers the exports.
//
// How it works
// ------------
// One call of inspect() makes a Printer holding the options and the state
// of the walk (the path of objects being printed, the numbers given to
// circular targets). Printing an object goes in three steps:
//
//   1. A Frame is filled in: the constructor name and toStringTag, the
//      brackets with what comes before them ("Map(2) {", "[Arguments] {"),
//      the "lead" text shown ahead of the brackets (a function's or a
//      date's description, an error's stack), and the property keys to
//      list. Each kind of object has a Shape (SHAPES) that does this;
//      a shape may instead answer with the finished text when there is
//      nothing inside to show ("[]", "Map(0) {}", "[Function: f]").
//   2. The body: the shape's own items (array elements, map entries, ...)
//      and then the listed properties, each already printed to text.
//   3. Layout (Printer#layout, Printer#columns): the items go on one
//      line, one per line, or for long lists of short items into aligned
//      columns. The rules, as observed from Node 22, are described there.
//
// The walk passes `level` (0 for the value given to inspect, one more per
// object entered) and `indent` (the column the printed value starts at, as
// far as line breaks inside it are concerned) down as arguments.
//
// Host hooks
// ----------
// Node reads a few facts straight from V8 that JavaScript cannot see.
// inspect_util.js asks the host for them and does without when one is missing:
//
//   host.getProxyDetails(v)    -> undefined when v is no Proxy, otherwise
//                                 [target, handler] (null/[null, null] once
//                                 revoked). Without it a Proxy is printed
//                                 through its traps, which looks the same
//                                 for transparent proxies.
//   host.proxyTarget(v)        -> the target when v is a Proxy, else
//                                 undefined: stands in for getProxyDetails
//                                 (the handler then shows as unknown).
//   host.getPromiseDetails(p)  -> [state, result] with state 0 pending,
//                                 1 fulfilled, 2 rejected. Without it a
//                                 promise prints as `Promise { <pending> }`.
//   host.previewEntries(o, kv) -> the entries a Map/Set iterator or a weak
//                                 collection holds, without consuming them
//                                 (with kv: [entries, isKeyValue], and a
//                                 host may add 'Map' or 'Set' for an
//                                 iterator's collection); undefined for what
//                                 it cannot preview, null for a Map/Set
//                                 iterator whose entries it cannot read.
//                                 Without it those print
//                                 `{ <items unknown> }`.
//
// Under JavaScriptCore the two hooks above come from src/js/introspect.c.
//   host.getOwnNonIndexProperties(o, filter)
//                              -> own keys that are not array indices
//                                 (filter 2: enumerable only, 0: all).
//                                 Without it all keys of an array are
//                                 listed first, slow for huge arrays.
//   host.cwd                   -> working directory (a string or a function
//                                 returning one); colored stack traces grey
//                                 it out.
//
// Engine differences
// ------------------
// Error stacks come from require("errors").formatStack(err), which renders
// JSC's stack as V8's text. JSC's own error properties line, column and
// sourceURL are not listed with showHidden, and the engine's `stack` shows
// as "[stack]: [Getter/Setter]" as V8 12 has it. V8 remembers the
// constructor of an object whose prototype was later set to null and JSC
// does not: such an object prints as "[Object: null prototype]".
//
// Built-in kinds: V8 has brand checks (isMap, isDate, ...). Here the first
// built-in prototype on an object's chain names the candidate kind, which a
// built-in method that throws on foreign receivers then confirms. Only
// objects whose chain holds no built-in prototype at all are probed kind by
// kind, so ordinary class instances stay cheap.

'use strict';

const {
  BUILTIN_CONSTRUCTORS, TO_PRIMITIVE, descriptorOf, getKind, isStackOverflowError, numberText, owns,
  protoOf, proxyDetails,
} = require('inspect_util');
const {
  describeReceived, getStringWidth, inspect, invalidArgType, stripVTControlCharacters,
} = require('inspect_printer');

// ---------------------------------------------------------------------------
// format() and formatWithOptions().

// %s inspects an object (rather than calling String on it) when the
// conversion it would use comes from a built-in class, or it has none.
function convertsLikeBuiltin(obj) {
  if (proxyDetails !== undefined) {
    const details = proxyDetails(obj);
    if (details !== undefined) {
      if (details === null || details[0] === null) return true;
      obj = details[0];
    }
  }
  if (typeof obj.toString !== 'function' && typeof obj[TO_PRIMITIVE] !== 'function') return true;
  let holder = obj;
  while (!owns(holder, 'toString') && !owns(holder, TO_PRIMITIVE)) holder = protoOf(holder);
  if (holder === obj) return false;
  const d = descriptorOf(holder, 'constructor');
  return d !== undefined && typeof d.value === 'function' && BUILTIN_CONSTRUCTORS.has(d.value.name);
}

// JSON for %j; a cycle gives "[Circular]". The engine's message for a
// cycle is learned once by making one.
let cycleMessage;
function firstLine(err) {
  const text = `${err.name}: ${err.message}`;
  const nl = text.indexOf('\n');
  return nl === -1 ? text : text.slice(0, nl);
}
function jsonText(value) {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (cycleMessage === undefined) {
      const loop = {};
      loop.loop = loop;
      try {
        JSON.stringify(loop);
      } catch (e) {
        cycleMessage = firstLine(e);
      }
    }
    if (err !== null && typeof err === 'object' && firstLine(err) === cycleMessage) return '[Circular]';
    throw err;
  }
}

// What one placeholder turns its argument into; undefined for a letter that
// is no placeholder.
function placeholderText(letter, arg, opts) {
  switch (letter) {
    case 's':
      if (typeof arg === 'number') return numberText(arg, false);
      if (typeof arg === 'bigint') return `${arg}n`;
      if (typeof arg === 'object' && arg !== null && convertsLikeBuiltin(arg)) {
        return inspect(arg, { ...opts, depth: 0, colors: false, compact: 3 });
      }
      return String(arg);
    case 'j':
      // JSON.stringify(undefined) is undefined, written as such.
      return `${jsonText(arg)}`;
    case 'd':
      if (typeof arg === 'bigint') return `${arg}n`;
      return typeof arg === 'symbol' ? 'NaN' : numberText(Number(arg), false);
    case 'i':
      if (typeof arg === 'bigint') return `${arg}n`;
      return typeof arg === 'symbol' ? 'NaN' : numberText(Number.parseInt(arg), false);
    case 'f':
      return typeof arg === 'symbol' ? 'NaN' : numberText(Number.parseFloat(arg), false);
    case 'O':
      return inspect(arg, opts);
    case 'o':
      return inspect(arg, { ...opts, showHidden: true, showProxy: true, depth: 4 });
    case 'c':
      // CSS for browsers' consoles: dropped.
      return '';
    default:
      return undefined;
  }
}

// A first argument that is a string may hold placeholders, each taking the
// next argument: %s %d %i %f %j %o %O %c, and %% for "%". Placeholders
// left without an argument stay as written (but %% still becomes %).
// Arguments not taken are added, separated by spaces: strings as they
// are, anything else inspected.
function formatList(opts, args) {
  const first = args[0];
  let next = 0;
  let out = '';
  if (typeof first === 'string') {
    if (args.length === 1) return first;
    next = 1;
    let copied = 0; // first[copied..] is not in `out` yet
    for (let at = first.indexOf('%'); at !== -1 && at < first.length - 1; at = first.indexOf('%', at)) {
      const letter = first[at + 1];
      if (letter === '%') {
        out += first.slice(copied, at + 1);
        copied = at + 2;
      } else if (next < args.length) {
        const text = placeholderText(letter, args[next], opts);
        if (text !== undefined) {
          next++;
          out += first.slice(copied, at) + text;
          copied = at + 2;
        }
      }
      at += 2;
    }
    out += first.slice(copied);
  }
  for (; next < args.length; next++) {
    const arg = args[next];
    if (next !== 0) out += ' ';
    out += typeof arg === 'string' ? arg : inspect(arg, opts);
  }
  return out;
}

function format(...args) {
  return formatList(undefined, args);
}

function formatWithOptions(inspectOptions, ...args) {
  if (inspectOptions === null || typeof inspectOptions !== 'object') {
    throw invalidArgType('inspectOptions', 'object', inspectOptions);
  }
  return formatList(inspectOptions, args);
}

exports.inspect = inspect;
exports.format = format;
exports.formatWithOptions = formatWithOptions;
exports.stripVTControlCharacters = stripVTControlCharacters;
exports.getStringWidth = getStringWidth;
exports.isStackOverflowError = isStackOverflowError;
exports.getKind = getKind;
exports.describeReceived = describeReceived;
