// node_assert.js - the `assert` builtin: assert/ok, equal, strictEqual,
// deepEqual, deepStrictEqual and their negations, throws/rejects and their
// negations, match/doesNotMatch, fail, ifError, AssertionError (with Node's
// messages and its line diff of the two values), assert.strict.
//
// Written from Node's documentation and its observed behaviour. The deep
// comparison here is also util.isDeepStrictEqual; the line diff (Myers's
// algorithm) is also util.diff.
//
// assert(value) without a message shows the source of the failed call, as
// Node does, when the runtime can read it (host.sourceLine); otherwise the
// message is "<value> == true".

"use strict";

const { codedError, describeReceived, invalidArgType, invalidArgValue, inspectValue: quote } = require("web_errors");

function inspect(value, options) {
  return require("inspect").inspect(value, options);
}

function types() {
  return require("node_util").types;
}

// ---------------------------------------------------------------------------
// Deep equality

const objectToString = (v) => Object.prototype.toString.call(v);
const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const isEnumerable = (o, k) => Object.prototype.propertyIsEnumerable.call(o, k);

function isURLObject(v) {
  try {
    const { URL } = require("url");
    return v instanceof URL;
  } catch {
    return false;
  }
}

function isDeepEqual(a, b) {
  return innerDeepEqual(a, b, false, new Map());
}

function isDeepStrictEqual(a, b) {
  return innerDeepEqual(a, b, true, new Map());
}

function innerDeepEqual(a, b, strict, memos) {
  if (a === b) return a !== 0 || !strict || Object.is(a, b);
  if (strict) {
    if (typeof a !== "object") return typeof a === "number" && Number.isNaN(a) && Number.isNaN(b);
    if (typeof b !== "object" || a === null || b === null) return false;
    // Different prototypes are still equal when they share a constructor
    // (Node 22 compares objects made by Object.create({}) with {} so).
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) && a.constructor !== b.constructor) return false;
  } else {
    if (a === null || typeof a !== "object") {
      if (b === null || typeof b !== "object") {
        // eslint-disable-next-line eqeqeq
        return a == b || (Number.isNaN(a) && Number.isNaN(b));
      }
      return false;
    }
    if (b === null || typeof b !== "object") return false;
  }
  return objectsEqual(a, b, strict, memos);
}

const kNoIterator = 0;
const kIsArray = 1;
const kIsSet = 2;
const kIsMap = 3;

function objectsEqual(a, b, strict, memos) {
  const t = types();
  const tag = objectToString(a);
  if (tag !== objectToString(b)) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return keysEqual(a, b, strict, memos, kIsArray);
  }
  if (tag === "[object Object]" && !isURLObject(a) && !isURLObject(b) && !t.isBoxedPrimitive(a) && !t.isBoxedPrimitive(b)) {
    return keysEqual(a, b, strict, memos, kNoIterator);
  }
  if (t.isDate(a)) {
    if (!t.isDate(b) || Date.prototype.getTime.call(a) !== Date.prototype.getTime.call(b)) return false;
  } else if (t.isRegExp(a)) {
    if (!t.isRegExp(b) || a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
  } else if (t.isNativeError(a) || a instanceof Error) {
    if ((!t.isNativeError(b) && !(b instanceof Error)) || a.message !== b.message || a.name !== b.name) return false;
    for (const key of ["cause", "errors"]) {
      if (hasOwn(a, key) !== hasOwn(b, key)) return false;
      if (hasOwn(a, key) && !isEnumerable(a, key) && !innerDeepEqual(a[key], b[key], strict, memos)) return false;
    }
  } else if (t.isArrayBufferView(a)) {
    if (!t.isArrayBufferView(b)) return false;
    if (!strict && (t.isFloat32Array(a) || t.isFloat64Array(a) || t.isFloat16Array(a))) {
      if (!floatArraysLooselyEqual(a, b)) return false;
    } else if (!bytesEqual(a, b)) {
      return false;
    }
    // Only the keys that are not indexes remain to compare.
    const aKeys = ownEnumerableKeys(a, kIsArray);
    if (aKeys.length !== ownEnumerableKeys(b, kIsArray).length) return false;
    return keysEqual(a, b, strict, memos, kNoIterator, aKeys);
  } else if (t.isSet(a)) {
    if (!t.isSet(b) || a.size !== b.size) return false;
    return keysEqual(a, b, strict, memos, kIsSet);
  } else if (t.isMap(a)) {
    if (!t.isMap(b) || a.size !== b.size) return false;
    return keysEqual(a, b, strict, memos, kIsMap);
  } else if (t.isAnyArrayBuffer(a)) {
    if (!t.isAnyArrayBuffer(b) || t.isSharedArrayBuffer(a) !== t.isSharedArrayBuffer(b)) return false;
    if (!bytesEqual(new Uint8Array(a), new Uint8Array(b))) return false;
  } else if (t.isBoxedPrimitive(a)) {
    if (!boxedEqual(a, b)) return false;
  } else if (isURLObject(a)) {
    if (!isURLObject(b) || a.href !== b.href) return false;
  } else if (t.isWeakMap(a) || t.isWeakSet(a)) {
    return false;
  } else if (Array.isArray(b) || t.isArrayBufferView(b) || t.isSet(b) || t.isMap(b) || t.isDate(b) || t.isRegExp(b) ||
             t.isAnyArrayBuffer(b) || t.isBoxedPrimitive(b) || t.isNativeError(b) || b instanceof Error || isURLObject(b)) {
    return false;
  }
  return keysEqual(a, b, strict, memos, kNoIterator);
}

function floatArraysLooselyEqual(a, b) {
  if (a.byteLength !== b.byteLength || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function bytesEqual(a, b) {
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a.buffer || a, a.byteOffset || 0, a.byteLength);
  const y = new Uint8Array(b.buffer || b, b.byteOffset || 0, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

function boxedEqual(a, b) {
  const t = types();
  if (t.isNumberObject(a)) return t.isNumberObject(b) && Object.is(Number.prototype.valueOf.call(a), Number.prototype.valueOf.call(b));
  if (t.isStringObject(a)) return t.isStringObject(b) && String.prototype.valueOf.call(a) === String.prototype.valueOf.call(b);
  if (t.isBooleanObject(a)) return t.isBooleanObject(b) && Boolean.prototype.valueOf.call(a) === Boolean.prototype.valueOf.call(b);
  if (t.isBigIntObject(a)) return t.isBigIntObject(b) && BigInt.prototype.valueOf.call(a) === BigInt.prototype.valueOf.call(b);
  if (t.isSymbolObject(a)) return t.isSymbolObject(b) && Symbol.prototype.valueOf.call(a) === Symbol.prototype.valueOf.call(b);
  return false;
}

const isIndex = (key) => /^(?:0|[1-9][0-9]*)$/.test(key) && Number(key) < 4294967295;

function ownEnumerableKeys(o, iterationType) {
  const keys = Object.keys(o);
  return iterationType === kIsArray ? keys.filter((k) => !isIndex(k)) : keys;
}

function keysEqual(a, b, strict, memos, iterationType, givenKeys) {
  const aKeys = givenKeys || ownEnumerableKeys(a, iterationType);
  if (givenKeys === undefined) {
    const bKeys = ownEnumerableKeys(b, iterationType);
    if (aKeys.length !== bKeys.length) return false;
  }
  for (const key of aKeys) if (!isEnumerable(b, key)) return false;
  if (strict) {
    let count = 0;
    for (const sym of Object.getOwnPropertySymbols(a)) {
      if (!isEnumerable(a, sym)) continue;
      if (!isEnumerable(b, sym)) return false;
      aKeys.push(sym);
      count++;
    }
    let bCount = 0;
    for (const sym of Object.getOwnPropertySymbols(b)) if (isEnumerable(b, sym)) bCount++;
    if (count !== bCount) return false;
  }
  if (aKeys.length === 0 && (iterationType === kNoIterator || (iterationType === kIsArray && a.length === 0) ||
      (iterationType !== kIsArray && a.size === 0))) {
    return true;
  }
  // A pair already being compared further up counts as equal (cycles).
  let seen = memos.get(a);
  if (seen !== undefined && seen.has(b)) return true;
  if (seen === undefined) {
    seen = new Set();
    memos.set(a, seen);
  }
  seen.add(b);
  try {
    return entriesEqual(a, b, strict, aKeys, memos, iterationType);
  } finally {
    seen.delete(b);
  }
}

function entriesEqual(a, b, strict, keys, memos, iterationType) {
  if (iterationType === kIsSet) {
    if (!setEquiv(a, b, strict, memos)) return false;
  } else if (iterationType === kIsMap) {
    if (!mapEquiv(a, b, strict, memos)) return false;
  } else if (iterationType === kIsArray) {
    for (let i = 0; i < a.length; i++) {
      if (hasOwn(a, i)) {
        if (!hasOwn(b, i) || !innerDeepEqual(a[i], b[i], strict, memos)) return false;
      } else if (hasOwn(b, i)) {
        return false;
      }
    }
  }
  for (const key of keys) {
    if (!innerDeepEqual(a[key], b[key], strict, memos)) return false;
  }
  return true;
}

function takeEqual(set, value, strict, memos) {
  for (const candidate of set) {
    if (innerDeepEqual(value, candidate, strict, memos)) {
      set.delete(candidate);
      return true;
    }
  }
  return false;
}

function setEquiv(a, b, strict, memos) {
  let pending = null;
  for (const value of a) {
    if (typeof value === "object" && value !== null) {
      (pending ??= new Set()).add(value);
    } else if (!b.has(value)) {
      if (strict) return false;
      (pending ??= new Set()).add(value);
    }
  }
  if (pending === null) return true;
  for (const value of b) {
    if (typeof value === "object" && value !== null) {
      if (!takeEqual(pending, value, strict, memos)) return false;
    } else if (!strict && !a.has(value) && !takeEqual(pending, value, strict, memos)) {
      return false;
    }
  }
  return pending.size === 0;
}

function mapEquiv(a, b, strict, memos) {
  let pending = null;
  for (const [key, item] of a) {
    if (typeof key === "object" && key !== null) {
      (pending ??= new Set()).add(key);
    } else {
      const other = b.get(key);
      if ((other === undefined && !b.has(key)) || !innerDeepEqual(item, other, strict, memos)) {
        if (strict) return false;
        (pending ??= new Set()).add(key);
      }
    }
  }
  if (pending === null) return true;
  for (const [key, item] of b) {
    if (typeof key === "object" && key !== null) {
      if (!takeEqualEntry(pending, a, key, item, strict, memos)) return false;
    } else if (!strict && (!a.has(key) || !innerDeepEqual(a.get(key), item, false, memos)) &&
               !takeEqualEntry(pending, a, key, item, false, memos)) {
      return false;
    }
  }
  return pending.size === 0;
}

function takeEqualEntry(pending, a, key, item, strict, memos) {
  for (const candidate of pending) {
    if (innerDeepEqual(key, candidate, strict, memos) && innerDeepEqual(a.get(candidate), item, strict, memos)) {
      pending.delete(candidate);
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------
// Myers's diff of two arrays of lines. Returns the edit script from the end
// back to the start: { type: "nop" | "insert" | "delete", value }, where
// "insert" lines are in `actual` only and "delete" lines in `expected` only.
// With `commaBlind`, lines that differ only by a trailing comma are equal.

function myersDiff(actual, expected, commaBlind = false) {
  const n = actual.length;
  const m = expected.length;
  const max = n + m;
  const v = new Array(2 * max + 2).fill(0);
  const trace = [];
  const same = (x, y) => {
    const p = actual[x];
    const q = expected[y];
    if (p === q) return true;
    return commaBlind && (`${p},` === q || p === `${q},`);
  };
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const off = k + max;
      let x = k === -d || (k !== d && v[off - 1] < v[off + 1]) ? v[off + 1] : v[off - 1] + 1;
      let y = x - k;
      while (x < n && y < m && same(x, y)) {
        x++;
        y++;
      }
      v[off] = x;
      if (x >= n && y >= m) return backtrack(trace, actual, expected, commaBlind);
    }
  }
  return [];
}

function backtrack(trace, actual, expected, commaBlind) {
  const max = actual.length + expected.length;
  let x = actual.length;
  let y = expected.length;
  const result = [];
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d];
    const k = x - y;
    const off = k + max;
    const prevK = k === -d || (k !== d && v[off - 1] < v[off + 1]) ? k + 1 : k - 1;
    const prevX = v[prevK + max];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      const line = actual[x - 1];
      result.push({ type: "nop", value: commaBlind && !`${line}`.endsWith(",") ? expected[y - 1] : line });
      x--;
      y--;
    }
    if (d > 0) {
      if (x > prevX) {
        result.push({ type: "insert", value: actual[x - 1] });
        x--;
      } else {
        result.push({ type: "delete", value: expected[y - 1] });
        y--;
      }
    }
  }
  return result;
}

// ---------------------------------------------------------------------------
// AssertionError

const OPERATOR_TEXT = {
  deepStrictEqual: "Expected values to be strictly deep-equal:",
  partialDeepStrictEqual: "Expected values to be partially and strictly deep-equal:",
  strictEqual: "Expected values to be strictly equal:",
  strictEqualObject: 'Expected "actual" to be reference-equal to "expected":',
  deepEqual: "Expected values to be loosely deep-equal:",
  notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
  notStrictEqual: 'Expected "actual" to be strictly unequal to:',
  notStrictEqualObject: 'Expected "actual" not to be reference-equal to "expected":',
  notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
  notIdentical: "Values identical but not reference-equal:",
  notDeepEqualUnequal: "Expected values not to be loosely deep-equal:",
};
const SHORT_DIFF = 12;
const LONG_STRING = 512;
const NOP_LINES = 5;

function inspectForDiff(value) {
  return inspect(value, {
    compact: false, customInspect: false, depth: 1000, maxArrayLength: Infinity, showHidden: false,
    showProxy: false, sorted: true, getters: true,
  });
}

// "+ actual\n- expected", with a caret under the first difference of two
// short strings.
function stackedDiff(actual, expected) {
  let out = `\n+ ${actual}\n- ${expected}`;
  if (actual.length + expected.length <= 80) {
    for (let i = 0; i < actual.length; i++) {
      if (actual[i] !== expected[i]) {
        if (i >= 3) out += `\n${" ".repeat(i + 2)}^`;
        break;
      }
    }
  }
  return out;
}

// Set while an Assert made with { diff: "full" } runs: no lines collapsed.
let fullDiff = false;

function printDiff(diff) {
  let out = "";
  let skipped = false;
  let nops = 0;
  const len = diff.length;
  for (let i = len - 1; i >= 0; i--) {
    const { type, value } = diff[i];
    const prev = i < len - 1 ? diff[i + 1].type : null;
    if (prev === "nop" && type !== prev) {
      // Common lines past the first few are collapsed, but never just one
      // or two of them.
      if (nops === NOP_LINES + 1) {
        out += `  ${diff[i + 1].value}\n`;
      } else if (nops === NOP_LINES + 2) {
        out += `  ${diff[i + 2].value}\n  ${diff[i + 1].value}\n`;
      } else if (nops >= NOP_LINES + 3 && fullDiff) {
        for (let j = i + nops - NOP_LINES; j > i; j--) out += `  ${diff[j].value}\n`;
      } else if (nops >= NOP_LINES + 3) {
        out += `...\n  ${diff[i + 1].value}\n`;
        skipped = true;
      }
      nops = 0;
    }
    if (type === "insert") out += `+ ${value}\n`;
    else if (type === "delete") out += `- ${value}\n`;
    else {
      if (nops < NOP_LINES) out += `  ${value}\n`;
      nops++;
    }
  }
  return { text: `\n${out.trimEnd()}`, skipped };
}

function createDiffMessage(actual, expected, operator, customMessage) {
  if (operator === "strictEqual" &&
      ((typeof actual === "object" && actual !== null && typeof expected === "object" && expected !== null) ||
       (typeof actual === "function" && typeof expected === "function"))) {
    operator = "strictEqualObject";
  }
  const inspectedActual = inspectForDiff(actual);
  const inspectedExpected = inspectForDiff(expected);
  const actualLines = inspectedActual.split("\n");
  const expectedLines = inspectedExpected.split("\n");
  let header = "+ actual - expected";
  let body;
  let skipped = false;
  const simple = actualLines.length === 1 && expectedLines.length === 1 &&
    (typeof actual !== "object" || actual === null || typeof expected !== "object" || expected === null);
  if (simple) {
    let len = actualLines[0].length + expectedLines[0].length;
    if (typeof actual === "string") len -= 2;
    if (typeof expected === "string") len -= 2;
    if (len <= SHORT_DIFF && (actual !== 0 || expected !== 0)) {
      body = `${actualLines[0]} !== ${expectedLines[0]}`;
      header = "";
    } else {
      body = stackedDiff(actualLines[0], expectedLines[0]);
    }
  } else if (operator === "strictEqualObject" && inspectedActual === inspectedExpected) {
    // Same look, different objects.
    let lines = actualLines;
    if (lines.length > 50) lines = [...lines.slice(0, 46), "..."];
    const text = OPERATOR_TEXT.notIdentical === "" ? "" : "Values have same structure but are not reference-equal:";
    return `${customMessage ? `${customMessage}\n` : ""}${text}\n\n${lines.join("\n")}\n`;
  } else {
    const checkComma = actual !== null && typeof actual === "object";
    const printed = printDiff(myersDiff(actualLines, expectedLines, checkComma));
    body = printed.text;
    skipped = printed.skipped;
  }
  const head = customMessage || OPERATOR_TEXT[operator];
  return `${head}\n${header}${skipped ? "\n... Skipped lines" : ""}\n${body}\n`;
}

function copyError(source) {
  const target = Object.assign({ __proto__: Object.getPrototypeOf(source) }, source);
  Object.defineProperty(target, "message", { value: source.message, configurable: true, writable: true });
  if (source.cause !== undefined) Object.defineProperty(target, "cause", { value: source.cause, configurable: true, writable: true });
  return target;
}

class AssertionError extends Error {
  constructor(options) {
    if (options === null || typeof options !== "object") throw invalidArgType("options", "of type object", options);
    const { message, operator, stackStartFn, details } = options;
    let { actual, expected } = options;
    let text;
    if (message != null) {
      if (operator === "deepStrictEqual" || operator === "strictEqual") {
        text = messageWithDiff(actual, expected, operator, String(message));
      } else {
        text = String(message);
      }
    } else {
      if (actual instanceof Error && expected instanceof Error && typeof actual === "object" && typeof expected === "object") {
        actual = copyError(actual);
        expected = copyError(expected);
      }
      text = generatedMessage(actual, expected, operator);
    }
    super(text);
    this.generatedMessage = message == null;
    Object.defineProperty(this, "name", {
      value: "AssertionError [ERR_ASSERTION]", enumerable: false, writable: true, configurable: true,
    });
    this.code = "ERR_ASSERTION";
    if (details) {
      this.actual = undefined;
      this.expected = undefined;
      this.operator = undefined;
      for (let i = 0; i < details.length; i++) {
        this[`message ${i}`] = details[i].message;
        this[`actual ${i}`] = details[i].actual;
        this[`expected ${i}`] = details[i].expected;
        this[`operator ${i}`] = details[i].operator;
        this[`stack trace ${i}`] = details[i].stack;
      }
    } else {
      this.actual = options.actual;
      this.expected = options.expected;
      this.operator = operator;
    }
    this.diff = options.diff === undefined ? (fullDiff ? "full" : "simple") : options.diff;
    if (typeof Error.captureStackTrace === "function") Error.captureStackTrace(this, stackStartFn || this.constructor);
    void this.stack;
    this.name = "AssertionError";
  }

  toString() {
    return `${this.name} [${this.code}]: ${this.message}`;
  }
}

// A custom message with a diff: Node keeps its own text and adds the diff
// of single-line values only when they are long.
function messageWithDiff(actual, expected, operator, message) {
  return createDiffMessage(actual, expected, operator, message);
}

function generatedMessage(actual, expected, operator) {
  if (operator === "deepStrictEqual" || operator === "strictEqual" || operator === "partialDeepStrictEqual") {
    return createDiffMessage(actual, expected, operator);
  }
  if (operator === "notDeepStrictEqual" || operator === "notStrictEqual") {
    let base = OPERATOR_TEXT[operator];
    const lines = inspectForDiff(actual).split("\n");
    if (operator === "notStrictEqual" && ((typeof actual === "object" && actual !== null) || typeof actual === "function")) {
      base = OPERATOR_TEXT.notStrictEqualObject;
    }
    if (lines.length > 50) {
      lines[46] = "...";
      lines.length = 47;
    }
    if (lines.length === 1) return `${base}${lines[0].length > 5 ? "\n\n" : " "}${lines[0]}`;
    return `${base}\n\n${lines.join("\n")}\n`;
  }
  let res = inspectForDiff(actual);
  let other = inspectForDiff(expected);
  const known = OPERATOR_TEXT[operator];
  if (operator === "notDeepEqual" && res === other) {
    res = `${known}\n\n${res}`;
    if (res.length > 1024) res = `${res.slice(0, 1021)}...`;
    return res;
  }
  if (res.length > LONG_STRING) res = `${res.slice(0, 509)}...`;
  if (other.length > LONG_STRING) other = `${other.slice(0, 509)}...`;
  if (operator === "deepEqual") {
    res = `${known}\n\n${res}\n\nshould loosely deep-equal\n\n`;
  } else {
    const unequal = OPERATOR_TEXT[`${operator}Unequal`];
    if (unequal) res = `${unequal}\n\n${res}\n\nshould not loosely deep-equal\n\n`;
    else other = ` ${operator} ${other}`;
  }
  return `${res}${other}`;
}

// ---------------------------------------------------------------------------
// The assertions

function innerFail(obj) {
  if (obj.message instanceof Error) throw obj.message;
  throw new AssertionError(obj);
}

function assert(...args) {
  innerOk(assert, args.length, ...args);
}

function ok(...args) {
  innerOk(ok, args.length, ...args);
}

function innerOk(fn, argLen, value, message) {
  if (value) return;
  let generated = false;
  if (argLen === 0) {
    generated = true;
    message = "No value argument passed to `assert.ok()`";
  } else if (message == null) {
    generated = true;
    message = sourceOfCall(fn);
  } else if (message instanceof Error) {
    throw message;
  }
  const err = new AssertionError({ actual: value, expected: true, message, operator: "==", stackStartFn: fn });
  err.generatedMessage = generated;
  throw err;
}

// "The expression evaluated to a falsy value:\n\n  assert.ok(x)\n", from
// the source line of the failed call when the runtime can read it.
function sourceOfCall(fn) {
  const frame = callerFrame(fn);
  if (frame === null || typeof host !== "object" || typeof host.sourceLine !== "function") return undefined;
  const first = host.sourceLine(frame.url, frame.line);
  if (typeof first !== "string") return undefined;
  let start = Math.max(0, Math.min(frame.column - 1, first.length));
  // Back to the start of the callee ("assert.ok" from "ok" or "(").
  while (start > 0 && /[\w$.]/.test(first[start - 1])) start--;
  // The call up to its closing parenthesis; a call spread over several
  // lines shows its first line only, as in Node.
  const text = first.slice(start);
  let depth = 0;
  let seenParen = false;
  let end = -1;
  let inString = null;
  for (let i = 0; i < text.length && end === -1; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === inString) inString = null;
    } else if (c === "'" || c === "\"" || c === "`") {
      inString = c;
    } else if (c === "(") {
      depth++;
      seenParen = true;
    } else if (c === ")") {
      depth--;
      if (seenParen && depth === 0) end = i + 1;
    }
  }
  const expr = end === -1 ? text.trimEnd() : text.slice(0, end);
  return `The expression evaluated to a falsy value:\n\n  ${expr}\n`;
}

function callerFrame(fn) {
  const holder = {};
  let stack;
  if (typeof Error.captureStackTrace === "function") {
    Error.captureStackTrace(holder, fn);
    stack = holder.stack;
  } else {
    stack = new Error().stack;
  }
  if (typeof stack !== "string") return null;
  for (const raw of stack.split("\n")) {
    let m = /^\s*at (?:.*? \()?(.*?):(\d+):(\d+)\)?$/.exec(raw);
    if (m === null) m = /^(?:.*?@)?(.*?):(\d+):(\d+)$/.exec(raw);
    if (m === null) continue;
    const url = m[1];
    if (url.startsWith("node:") || url === "[native code]" || /node_assert(\.js)?$/.test(url)) continue;
    let column = +m[3];
    // Back to the column of the source as written, where the runtime's
    // transform moved things.
    if (typeof host === "object" && typeof host.mapColumn === "function") column = host.mapColumn(url, +m[2], column);
    return { url, line: +m[2], column };
  }
  return null;
}

function checkArgs(count, names) {
  if (count < 2) {
    throw codedError(TypeError, "ERR_MISSING_ARGS", `The "${names[0]}" and "${names[1]}" arguments must be specified`);
  }
}

function equal(...args) {
  const [actual, expected, message] = args;
  checkArgs(args.length, ["actual", "expected"]);
  // eslint-disable-next-line eqeqeq
  if (actual != expected && (!Number.isNaN(actual) || !Number.isNaN(expected))) {
    innerFail({ actual, expected, message, operator: "==", stackStartFn: equal });
  }
}

function notEqual(...args) {
  const [actual, expected, message] = args;
  checkArgs(args.length, ["actual", "expected"]);
  // eslint-disable-next-line eqeqeq
  if (actual == expected || (Number.isNaN(actual) && Number.isNaN(expected))) {
    innerFail({ actual, expected, message, operator: "!=", stackStartFn: notEqual });
  }
}

function deepEqual(...args) {
  const [actual, expected, message] = args;
  checkArgs(args.length, ["actual", "expected"]);
  if (!isDeepEqual(actual, expected)) innerFail({ actual, expected, message, operator: "deepEqual", stackStartFn: deepEqual });
}

function notDeepEqual(...args) {
  const [actual, expected, message] = args;
  checkArgs(args.length, ["actual", "expected"]);
  if (isDeepEqual(actual, expected)) innerFail({ actual, expected, message, operator: "notDeepEqual", stackStartFn: notDeepEqual });
}

function deepStrictEqual(...args) {
  const [actual, expected, message] = args;
  checkArgs(args.length, ["actual", "expected"]);
  if (!isDeepStrictEqual(actual, expected)) {
    innerFail({ actual, expected, message, operator: "deepStrictEqual", stackStartFn: deepStrictEqual });
  }
}

function notDeepStrictEqual(...args) {
  const [actual, expected, message] = args;
  checkArgs(args.length, ["actual", "expected"]);
  if (isDeepStrictEqual(actual, expected)) {
    innerFail({ actual, expected, message, operator: "notDeepStrictEqual", stackStartFn: notDeepStrictEqual });
  }
}

function strictEqual(...args) {
  const [actual, expected, message] = args;
  checkArgs(args.length, ["actual", "expected"]);
  if (!Object.is(actual, expected)) innerFail({ actual, expected, message, operator: "strictEqual", stackStartFn: strictEqual });
}

function notStrictEqual(...args) {
  const [actual, expected, message] = args;
  checkArgs(args.length, ["actual", "expected"]);
  if (Object.is(actual, expected)) {
    innerFail({ actual, expected, message, operator: "notStrictEqual", stackStartFn: notStrictEqual });
  }
}

function partialDeepStrictEqual(...args) {
  const [actual, expected, message] = args;
  checkArgs(args.length, ["actual", "expected"]);
  if (!isPartiallyEqual(actual, expected, new Map())) {
    innerFail({ actual, expected, message, operator: "partialDeepStrictEqual", stackStartFn: partialDeepStrictEqual });
  }
}

// `expected` is a subset of `actual`: its keys (recursively), its array
// items in order, its set and map entries.
function isPartiallyEqual(actual, expected, memos) {
  if (expected === null || typeof expected !== "object" || actual === null || typeof actual !== "object") {
    return isDeepStrictEqual(actual, expected);
  }
  const t = types();
  if (Object.getPrototypeOf(actual) !== Object.getPrototypeOf(expected)) return false;
  if (t.isSet(expected)) {
    if (!t.isSet(actual)) return false;
    for (const v of expected) {
      if (actual.has(v)) continue;
      let found = false;
      for (const w of actual) {
        if (isPartiallyEqual(w, v, memos)) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
    return true;
  }
  if (t.isMap(expected)) {
    if (!t.isMap(actual)) return false;
    for (const [k, v] of expected) {
      if (!actual.has(k) || !isPartiallyEqual(actual.get(k), v, memos)) return false;
    }
    return true;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    let i = 0;
    for (const v of expected) {
      while (i < actual.length && !isPartiallyEqual(actual[i], v, memos)) i++;
      if (i === actual.length) return false;
      i++;
    }
    return true;
  }
  if (objectToString(expected) !== "[object Object]") return isDeepStrictEqual(actual, expected);
  for (const key of Reflect.ownKeys(expected)) {
    if (!isEnumerable(expected, key)) continue;
    if (!hasOwn(actual, key) || !isPartiallyEqual(actual[key], expected[key], memos)) return false;
  }
  return true;
}

let warnedFail = false;

function fail(...args) {
  let [actual, expected, message, operator, stackStartFn] = args;
  const argsLen = args.length;
  let internalMessage = false;
  if (actual == null && argsLen <= 1) {
    internalMessage = true;
    message = "Failed";
  } else if (argsLen === 1) {
    message = actual;
    actual = undefined;
  } else {
    if (!warnedFail) {
      warnedFail = true;
      emitDeprecation("assert.fail() with more than one argument is deprecated. " +
        "Please use assert.strictEqual() instead or only pass a message.", "DEP0094");
    }
    if (argsLen === 2) operator = "!=";
  }
  if (message instanceof Error) throw message;
  const errArgs = { actual, expected, operator: operator === undefined ? "fail" : operator, stackStartFn: stackStartFn || fail, message };
  const err = new AssertionError(errArgs);
  if (internalMessage) err.generatedMessage = true;
  throw err;
}

function match(...args) {
  const [string, regexp, message] = args;
  internalMatch(string, regexp, message, match);
}

function doesNotMatch(...args) {
  const [string, regexp, message] = args;
  internalMatch(string, regexp, message, doesNotMatch);
}

function internalMatch(string, regexp, message, fn) {
  if (!types().isRegExp(regexp)) throw invalidArgType("regexp", "an instance of RegExp", regexp);
  const isMatch = fn === match;
  if (typeof string !== "string" || (RegExp.prototype.exec.call(regexp, string) !== null) !== isMatch) {
    if (message instanceof Error) throw message;
    const generated = !message;
    message = message || (typeof string !== "string"
      ? `The "string" argument must be of type string. Received type ${typeof string} (${inspect(string)})`
      : `${isMatch ? "The input did not match the regular expression " : "The input was expected to not match the regular expression "}` +
        `${inspect(regexp)}. Input:\n\n${inspect(string)}\n`);
    const err = new AssertionError({ actual: string, expected: regexp, message, operator: fn.name, stackStartFn: fn });
    err.generatedMessage = generated;
    throw err;
  }
}

function ifError(err) {
  if (err === null || err === undefined) return;
  let message = "ifError got unwanted exception: ";
  if (typeof err === "object" && typeof err.message === "string") {
    if (err.message.length === 0 && err.constructor) message += err.constructor.name;
    else message += err.message;
  } else {
    message += inspect(err);
  }
  const newErr = new AssertionError({ actual: err, expected: null, operator: "ifError", message, stackStartFn: ifError });
  // The original's stack, below the new one.
  const origStack = err && typeof err === "object" ? err.stack : undefined;
  if (typeof origStack === "string" && typeof newErr.stack === "string") {
    const origFrames = origStack.split("\n");
    origFrames.shift();
    const newFrames = newErr.stack.split("\n");
    for (const line of origFrames) {
      const pos = newFrames.indexOf(line);
      if (pos !== -1) {
        newFrames.splice(0, pos);
        break;
      }
    }
    newErr.stack = `${newFrames.join("\n")}\n${origFrames.join("\n")}`;
  }
  throw newErr;
}

// --- throws / rejects --------------------------------------------------------

const NO_EXCEPTION = {};

function getActual(fn) {
  if (typeof fn !== "function") throw invalidArgType("fn", "of type function", fn);
  try {
    fn();
  } catch (e) {
    return e;
  }
  return NO_EXCEPTION;
}

function checkIsPromise(obj) {
  return types().isPromise(obj) ||
    (obj !== null && typeof obj === "object" && typeof obj.then === "function" && typeof obj.catch === "function");
}

async function waitForActual(promiseFn) {
  let resultPromise;
  if (typeof promiseFn === "function") {
    resultPromise = promiseFn();
    if (!checkIsPromise(resultPromise)) {
      throw codedError(TypeError, "ERR_INVALID_RETURN_VALUE",
        `Expected instance of Promise to be returned from the "promiseFn" function but got ${describeReceived(resultPromise).replace(/^ Received /, "")}.`);
    }
  } else if (checkIsPromise(promiseFn)) {
    resultPromise = promiseFn;
  } else {
    throw invalidArgType("promiseFn", "of type function or an instance of Promise", promiseFn);
  }
  try {
    await resultPromise;
  } catch (e) {
    return e;
  }
  return NO_EXCEPTION;
}

function expectsError(stackStartFn, actual, error, message) {
  if (typeof error === "string") {
    if (arguments.length === 4) {
      throw invalidArgType("error", "of type function or an instance of Error, RegExp, or Object", error);
    }
    if (typeof actual === "object" && actual !== null) {
      if (actual.message === error) {
        throw codedError(TypeError, "ERR_AMBIGUOUS_ARGUMENT",
          `The "error/message" argument is ambiguous. The error message "${actual.message}" is identical to the message.`);
      }
    } else if (actual === error) {
      throw codedError(TypeError, "ERR_AMBIGUOUS_ARGUMENT",
        `The "error/message" argument is ambiguous. The error "${actual}" is identical to the message.`);
    }
    message = error;
    error = undefined;
  } else if (error != null && typeof error !== "object" && typeof error !== "function") {
    throw invalidArgType("error", "of type function or an instance of Error, RegExp, or Object", error);
  }
  if (actual === NO_EXCEPTION) {
    let details = "";
    if (error && error.name) details += ` (${error.name})`;
    details += message ? `: ${message}` : ".";
    const fnType = stackStartFn === assert.rejects ? "rejection" : "exception";
    innerFail({
      actual: undefined, expected: error, operator: stackStartFn.name,
      message: `Missing expected ${fnType}${details}`, stackStartFn,
    });
  }
  if (!error) return;
  expectedException(actual, error, message, stackStartFn);
}

function hasMatchingError(actual, expected) {
  if (typeof expected !== "function") {
    if (types().isRegExp(expected)) return RegExp.prototype.exec.call(expected, String(actual)) !== null;
    throw invalidArgType("expected", "of type function or an instance of RegExp", expected);
  }
  if (expected.prototype !== undefined && actual instanceof expected) return true;
  if (Error.isPrototypeOf(expected)) return false;
  return expected.call({}, actual) === true;
}

function expectsNoError(stackStartFn, actual, error, message) {
  if (actual === NO_EXCEPTION) return;
  if (typeof error === "string") {
    message = error;
    error = undefined;
  }
  if (!error || hasMatchingError(actual, error)) {
    const details = message ? `: ${message}` : ".";
    const fnType = stackStartFn === assert.doesNotReject ? "rejection" : "exception";
    innerFail({
      actual, expected: error, operator: stackStartFn.name,
      message: `Got unwanted ${fnType}${details}\nActual message: "${actual && actual.message}"`, stackStartFn,
    });
  }
  throw actual;
}

class Comparison {
  constructor(obj, keys, actual) {
    for (const key of keys) {
      if (key in obj) {
        if (actual !== undefined && typeof actual[key] === "string" && types().isRegExp(obj[key]) &&
            RegExp.prototype.exec.call(obj[key], actual[key]) !== null) {
          this[key] = actual[key];
        } else {
          this[key] = obj[key];
        }
      }
    }
  }
}

function compareExceptionKey(actual, expected, key, message, keys, fn) {
  if (!(key in actual) || !isDeepStrictEqual(actual[key], expected[key])) {
    if (!message) {
      const a = new Comparison(actual, keys);
      const b = new Comparison(expected, keys, actual);
      const err = new AssertionError({ actual: a, expected: b, operator: "deepStrictEqual", stackStartFn: fn });
      err.actual = actual;
      err.expected = expected;
      err.operator = fn.name;
      throw err;
    }
    innerFail({ actual, expected, message, operator: fn.name, stackStartFn: fn });
  }
}

function expectedException(actual, expected, message, fn) {
  let generatedMessage = false;
  let throwError = false;
  if (typeof expected !== "function") {
    if (types().isRegExp(expected)) {
      const str = String(actual);
      if (RegExp.prototype.exec.call(expected, str) !== null) return;
      if (!message) {
        generatedMessage = true;
        message = "The input did not match the regular expression " +
          `${inspect(expected)}. Input:\n\n${inspect(str)}\n`;
      }
      throwError = true;
    } else if (typeof actual !== "object" || actual === null) {
      const err = new AssertionError({ actual, expected, message, operator: "deepStrictEqual", stackStartFn: fn });
      err.operator = fn.name;
      throw err;
    } else {
      const keys = Object.keys(expected);
      if (expected instanceof Error) keys.push("name", "message");
      else if (keys.length === 0) {
        throw codedError(TypeError, "ERR_INVALID_ARG_VALUE",
          `The argument 'error' may not be an empty object. Received ${quote(expected)}`);
      }
      for (const key of keys) {
        if (typeof actual[key] === "string" && types().isRegExp(expected[key]) &&
            RegExp.prototype.exec.call(expected[key], actual[key]) !== null) {
          continue;
        }
        compareExceptionKey(actual, expected, key, message, keys, fn);
      }
      return;
    }
  } else if (expected.prototype !== undefined && actual instanceof expected) {
    return;
  } else if (Error.isPrototypeOf(expected)) {
    if (!message) {
      generatedMessage = true;
      message = "The error is expected to be an instance of " +
        `"${expected.name}". Received `;
      if (actual instanceof Error) {
        message += `"${actual.name}"`;
      } else {
        message += `"${inspect(actual, { depth: -1 })}"`;
      }
      if (actual && actual.message) message += `\n\nError message:\n\n${actual.message}`;
    }
    throwError = true;
  } else {
    const res = Reflect.apply(expected, {}, [actual]);
    if (res !== true) {
      if (!message) {
        generatedMessage = true;
        const name = expected.name ? `"${expected.name}" ` : "";
        message = `The ${name}validation function is expected to return "true". Received ${inspect(res)}`;
        if (actual instanceof Error) message += `\n\nCaught error:\n\n${actual}`;
      }
      throwError = true;
    }
  }
  if (throwError) {
    const err = new AssertionError({ actual, expected, message, operator: fn.name, stackStartFn: fn });
    err.generatedMessage = generatedMessage;
    throw err;
  }
}

function throws(promiseFn, ...args) {
  expectsError(throws, getActual(promiseFn), ...args);
}

async function rejects(promiseFn, ...args) {
  expectsError(rejects, await waitForActual(promiseFn), ...args);
}

function doesNotThrow(fn, ...args) {
  expectsNoError(doesNotThrow, getActual(fn), ...args);
}

async function doesNotReject(fn, ...args) {
  expectsNoError(doesNotReject, await waitForActual(fn), ...args);
}

// ---------------------------------------------------------------------------

// --- CallTracker (deprecated) ---------------------------------------------

class CallTracker {
  #calls = [];

  constructor() {
    emitDeprecation("assert.CallTracker is deprecated.", "DEP0173");
  }

  calls(fn, exact = 1) {
    if (typeof fn === "number") {
      exact = fn;
      fn = () => {};
    } else if (fn === undefined) {
      fn = () => {};
    }
    if (typeof fn !== "function") throw invalidArgType("fn", "of type function", fn);
    const record = { exact, actual: 0, name: fn.name || "calls", stackTrace: new Error(), calls: [] };
    this.#calls.push(record);
    const tracked = new Proxy(fn, {
      apply(target, thisArg, argList) {
        record.actual++;
        record.calls.push({ thisArg, arguments: argList });
        return Reflect.apply(target, thisArg, argList);
      },
    });
    trackedCalls.set(tracked, record);
    return tracked;
  }

  getCalls(fn) {
    const record = trackedCalls.get(fn);
    if (record === undefined) throw invalidArgValue("fn", fn);
    return record.calls.slice();
  }

  reset(fn) {
    const records = fn === undefined ? this.#calls : [trackedCalls.get(fn)];
    for (const r of records) {
      if (r === undefined) throw invalidArgValue("fn", fn);
      r.actual = 0;
      r.calls = [];
    }
  }

  report() {
    const out = [];
    for (const r of this.#calls) {
      if (r.actual !== r.exact) {
        out.push({
          message: `Expected the ${r.name} function to be executed ${r.exact} time(s) but was executed ${r.actual} time(s).`,
          actual: r.actual, expected: r.exact, operator: r.name, stack: r.stackTrace,
        });
      }
    }
    return out;
  }

  verify() {
    const errors = this.report();
    if (errors.length === 0) return;
    const message = errors.length === 1 ? errors[0].message : "Functions were not called the expected number of times";
    throw new AssertionError({ message, details: errors });
  }
}
const trackedCalls = new WeakMap();

function emitDeprecation(message, code) {
  try {
    require("process").emitWarning(message, "DeprecationWarning", code);
  } catch {
    // no process: nothing to warn through
  }
}

// --- Assert: assertions with their own options ------------------------------

const METHODS = ["fail", "ok", "equal", "notEqual", "deepEqual", "notDeepEqual", "deepStrictEqual", "notDeepStrictEqual",
  "strictEqual", "notStrictEqual", "partialDeepStrictEqual", "throws", "rejects", "doesNotThrow", "doesNotReject",
  "ifError", "match", "doesNotMatch"];
const kOptions = Symbol("assertOptions");

class Assert {
  constructor(options = {}) {
    if (options === null || typeof options !== "object" || Array.isArray(options)) {
      throw invalidArgType("options", "of type object", options);
    }
    const diffMode = options.diff === undefined ? "simple" : options.diff;
    if (diffMode !== "simple" && diffMode !== "full") {
      throw codedError(TypeError, "ERR_INVALID_ARG_VALUE",
        `The property 'options.diff' must be one of: 'simple', 'full'. Received ${quote(diffMode)}`);
    }
    const strictMode = options.strict === undefined ? true : Boolean(options.strict);
    Object.defineProperty(this, kOptions, { value: { diff: diffMode, strict: strictMode } });
  }
}
const STRICT_ALIASES = { equal: "strictEqual", notEqual: "notStrictEqual", deepEqual: "deepStrictEqual", notDeepEqual: "notDeepStrictEqual" };
for (const name of METHODS) {
  const method = {
    [name](...args) {
      const opts = this[kOptions];
      const target = opts && opts.strict && STRICT_ALIASES[name] ? assert[STRICT_ALIASES[name]] : assert[name];
      const saved = fullDiff;
      fullDiff = Boolean(opts && opts.diff === "full");
      try {
        return Reflect.apply(target, undefined, args);
      } finally {
        fullDiff = saved;
      }
    },
  }[name];
  Object.defineProperty(Assert.prototype, name, { value: method, writable: true, configurable: true, enumerable: false });
}

// ---------------------------------------------------------------------------

assert.AssertionError = AssertionError;
assert.CallTracker = CallTracker;
assert.ok = ok;
assert.fail = fail;
assert.equal = equal;
assert.notEqual = notEqual;
assert.deepEqual = deepEqual;
assert.notDeepEqual = notDeepEqual;
assert.deepStrictEqual = deepStrictEqual;
assert.notDeepStrictEqual = notDeepStrictEqual;
assert.strictEqual = strictEqual;
assert.notStrictEqual = notStrictEqual;
assert.partialDeepStrictEqual = partialDeepStrictEqual;
assert.match = match;
assert.doesNotMatch = doesNotMatch;
assert.throws = throws;
assert.rejects = rejects;
assert.doesNotThrow = doesNotThrow;
assert.doesNotReject = doesNotReject;
assert.ifError = ifError;

// assert.strict: the same assertions with the strict comparisons under the
// loose names.
function strict(...args) {
  innerOk(strict, args.length, ...args);
}
Object.assign(strict, assert, {
  equal: strictEqual,
  deepEqual: deepStrictEqual,
  notEqual: notStrictEqual,
  notDeepEqual: notDeepStrictEqual,
});
assert.strict = strict;
assert.Assert = Assert;
delete strict.strict;
strict.Assert = Assert;
strict.strict = strict;

exports.module = assert;
exports.isDeepEqual = isDeepEqual;
exports.isDeepStrictEqual = isDeepStrictEqual;
exports.myersDiff = myersDiff;
