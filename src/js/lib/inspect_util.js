// inspect_util.js - what the parts of util.inspect share (see inspect.js):
// the built-ins taken before user code can replace them, the host's hooks,
// which built-in an object is, the options, colors and styles, quoting and
// numbers, the names in front of brackets, the keys to list, and the
// helpers for error stacks.

'use strict';

// ---------------------------------------------------------------------------
// Built-ins, taken before user code can replace them.

const ObjectProto = Object.prototype;
const protoOf = Object.getPrototypeOf;
const descriptorOf = Object.getOwnPropertyDescriptor;
const namesOf = Object.getOwnPropertyNames;
const symbolsOf = Object.getOwnPropertySymbols;
const enumerableNames = Object.keys;
const allKeysOf = Reflect.ownKeys;
const isArray = Array.isArray;
const hasOwnProperty = ObjectProto.hasOwnProperty;
const isEnumerable = ObjectProto.propertyIsEnumerable;
const classString = ObjectProto.toString;
const fnSource = Function.prototype.toString;
const errorString = Error.prototype.toString;
const symbolString = Symbol.prototype.toString;
const TAG = Symbol.toStringTag;
const ITERATOR = Symbol.iterator;
const TO_PRIMITIVE = Symbol.toPrimitive;

function owns(obj, key) {
  return hasOwnProperty.call(obj, key);
}

function getterOf(proto, key) {
  return descriptorOf(proto, key).get;
}

const TypedArrayProto = protoOf(Uint8Array.prototype);
const typedArrayName = getterOf(TypedArrayProto, TAG);
const typedArrayLength = getterOf(TypedArrayProto, 'length');
const mapSize = getterOf(Map.prototype, 'size');
const setSize = getterOf(Set.prototype, 'size');
const mapEntries = Map.prototype.entries;
const setValues = Set.prototype.values;
const bufferLength = getterOf(ArrayBuffer.prototype, 'byteLength');
const SharedBuffer = typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer : undefined;
const sharedBufferLength = SharedBuffer && getterOf(SharedBuffer.prototype, 'byteLength');
const viewBuffer = getterOf(DataView.prototype, 'buffer');
const regexpSource = getterOf(RegExp.prototype, 'source');
const regexpString = RegExp.prototype.toString;
const dateTime = Date.prototype.getTime;
const dateISO = Date.prototype.toISOString;
const dateString = Date.prototype.toString;
const MapIteratorProto = protoOf(new Map().entries());
const SetIteratorProto = protoOf(new Set().values());
const AsyncFunctionProto = protoOf(async function () {});
const GeneratorFunctionProto = protoOf(function* () {});
const AsyncGeneratorFunctionProto = protoOf(async function* () {});

// Error.isError (ES2026) is a true brand check; before it, the class
// string of Object.prototype.toString is the best plain JS has.
const isErrorObject = typeof Error.isError === 'function'
  ? Error.isError
  : (v) => classString.call(v) === '[object Error]';

// ---------------------------------------------------------------------------
// Host hooks (see the top of inspect.js).

// Taken as they are, not bound: bind (as call and apply) may be the guest's
// own by now, which would be handed `host`. The host's functions need no
// `this`.
function hostFunction(name) {
  if (host === undefined || host === null || typeof host[name] !== 'function') return undefined;
  return host[name];
}
// host.proxyTarget(v) (the target of a Proxy, else undefined) stands in
// for getProxyDetails when that is missing: a revoked Proxy is one that
// Array.isArray throws on (it runs no trap on a live one). JavaScriptCore
// does not give out the handler.
const proxyTargetHook = hostFunction('proxyTarget');
const HANDLER_UNKNOWN = Symbol('handler unknown');
const proxyDetails = hostFunction('getProxyDetails') ?? (proxyTargetHook === undefined ? undefined : (v) => {
  const target = proxyTargetHook(v);
  if (target === undefined) return undefined;
  try {
    isArray(v);
  } catch {
    return null;
  }
  return [target, HANDLER_UNKNOWN];
});
const promiseDetails = hostFunction('getPromiseDetails');
const previewEntries = hostFunction('previewEntries');
const nonIndexKeysHook = hostFunction('getOwnNonIndexProperties');

const PROMISE_PENDING = 0;
const PROMISE_REJECTED = 2;

// ---------------------------------------------------------------------------
// Which built-in an object is.

function accepts(method, receiver, arg) {
  try {
    method.call(receiver, arg);
    return true;
  } catch {
    return false;
  }
}

// Confirms a candidate kind: true only for genuine instances.
const confirm = {
  __proto__: null,
  Map: (v) => accepts(mapSize, v),
  Set: (v) => accepts(setSize, v),
  WeakMap: (v) => accepts(WeakMap.prototype.has, v, ObjectProto),
  WeakSet: (v) => accepts(WeakSet.prototype.has, v, ObjectProto),
  Date: (v) => accepts(dateTime, v),
  // RegExp.prototype's source getter answers for the prototype itself.
  RegExp: (v) => v !== RegExp.prototype && accepts(regexpSource, v),
  // Anything inheriting from Error.prototype is printed as an error.
  Error: () => true,
  ArrayBuffer: (v) => accepts(bufferLength, v),
  SharedArrayBuffer: (v) => sharedBufferLength !== undefined && accepts(sharedBufferLength, v),
  DataView: (v) => accepts(viewBuffer, v),
  TypedArray: (v) => typedArrayName.call(v) !== undefined,
  // No brand check for promises in JS: the host's hook is one.
  Promise: (v) => (promiseDetails !== undefined
    ? promiseDetails(v) !== undefined
    : classString.call(v) === '[object Promise]'),
  Number: (v) => accepts(Number.prototype.valueOf, v),
  String: (v) => accepts(String.prototype.valueOf, v),
  Boolean: (v) => accepts(Boolean.prototype.valueOf, v),
  BigInt: (v) => typeof BigInt === 'function' && accepts(BigInt.prototype.valueOf, v),
  Symbol: (v) => accepts(Symbol.prototype.valueOf, v),
  // Iterators cannot be checked without advancing them, except through the
  // host's preview.
  MapIterator: (v) => previewEntries === undefined || previewEntries(v, true) !== undefined,
  SetIterator: (v) => previewEntries === undefined || previewEntries(v, true) !== undefined,
};

// Built-in prototypes and the kind they stand for; '' marks the prototypes
// of ordinary objects, where the search stops with no kind.
const kindOfProto = new Map([
  [ObjectProto, ''], [Function.prototype, ''], [Array.prototype, ''],
  [Map.prototype, 'Map'], [Set.prototype, 'Set'], [WeakMap.prototype, 'WeakMap'],
  [WeakSet.prototype, 'WeakSet'], [Date.prototype, 'Date'], [RegExp.prototype, 'RegExp'],
  [Error.prototype, 'Error'], [ArrayBuffer.prototype, 'ArrayBuffer'],
  [DataView.prototype, 'DataView'], [TypedArrayProto, 'TypedArray'],
  [Promise.prototype, 'Promise'], [Number.prototype, 'Number'], [String.prototype, 'String'],
  [Boolean.prototype, 'Boolean'], [Symbol.prototype, 'Symbol'],
  [MapIteratorProto, 'MapIterator'], [SetIteratorProto, 'SetIterator'],
]);
if (SharedBuffer) kindOfProto.set(SharedBuffer.prototype, 'SharedArrayBuffer');
if (typeof BigInt === 'function') kindOfProto.set(BigInt.prototype, 'BigInt');

// Tried one by one on objects whose chain holds no built-in prototype.
const blindOrder = ['Map', 'Set', 'TypedArray', 'RegExp', 'Date', 'ArrayBuffer',
  'SharedArrayBuffer', 'DataView', 'WeakSet', 'WeakMap', 'Number', 'String', 'Boolean',
  'BigInt', 'Symbol', 'Promise'];

// The built-in kind of an object: 'Map', 'Set', 'Error', 'MapIterator', ...
// or '' for an ordinary one.
function getKind(obj) {
  for (let proto = protoOf(obj); proto !== null; proto = protoOf(proto)) {
    const kind = kindOfProto.get(proto);
    if (kind === undefined) continue;
    if (kind !== '' && confirm[kind](obj)) return kind;
    return isErrorObject(obj) ? 'Error' : '';
  }
  if (isErrorObject(obj)) return 'Error';
  for (let i = 0; i < blindOrder.length; i++) {
    if (confirm[blindOrder[i]](obj)) return blindOrder[i];
  }
  // An iterator of another realm, or without prototype: the host's preview
  // says it is a Map or Set iterator and, if it can, which of the two;
  // else the tag does.
  const preview = previewEntries === undefined ? undefined : previewEntries(obj, true);
  if (preview !== undefined) {
    const type = preview?.[2] ?? (classString.call(obj) === '[object Set Iterator]' ? 'Set' : 'Map');
    return `${type}Iterator`;
  }
  return '';
}

function isArgumentsObject(obj) {
  return classString.call(obj) === '[object Arguments]';
}

function isModuleNamespace(obj) {
  if (protoOf(obj) !== null || Object.isExtensible(obj)) return false;
  const d = descriptorOf(obj, TAG);
  return d !== undefined && d.value === 'Module' && !d.writable && !d.enumerable;
}

function isAsyncFunction(fn) {
  return AsyncFunctionProto.isPrototypeOf(fn) || AsyncGeneratorFunctionProto.isPrototypeOf(fn);
}

function isGeneratorFunction(fn) {
  return GeneratorFunctionProto.isPrototypeOf(fn) || AsyncGeneratorFunctionProto.isPrototypeOf(fn);
}

// Constructors Node treats as the language's own: their prototypes end the
// search for inherited properties (showHidden), and a class string from one
// of them makes %s inspect an object instead of calling its toString.
const BUILTIN_CONSTRUCTORS = new Set(('Object Function Array Number Boolean String Symbol ' +
  'Date Promise RegExp Error AggregateError EvalError RangeError ReferenceError SyntaxError ' +
  'TypeError URIError ArrayBuffer Uint8Array Int8Array Uint16Array Int16Array Uint32Array ' +
  'Int32Array Float32Array Float64Array Uint8ClampedArray BigUint64Array BigInt64Array ' +
  'DataView Map BigInt Set WeakMap WeakSet Proxy Reflect FinalizationRegistry WeakRef ' +
  'Atomics JSON Math Intl WebAssembly Iterator').split(' '));

// ---------------------------------------------------------------------------
// Options, colors and styles (public, so their shapes are Node's).

const defaultOptions = Object.seal({
  showHidden: false,
  depth: 2,
  colors: false,
  customInspect: true,
  showProxy: false,
  maxArrayLength: 100,
  maxStringLength: 10000,
  breakLength: 80,
  compact: 3,
  sorted: false,
  getters: false,
  numericSeparator: false,
});

// SGR codes [on, off] by name, in Node's order.
const colors = { __proto__: null };
for (const [names, on, off] of [
  ['reset', 0, 0], ['bold', 1, 22], ['dim', 2, 22], ['italic', 3, 23], ['underline', 4, 24],
  ['blink', 5, 25], ['inverse', 7, 27], ['hidden', 8, 28], ['strikethrough', 9, 29],
  ['doubleunderline', 21, 24],
  ['black red green yellow blue magenta cyan white', 30, 39],
  ['bgBlack bgRed bgGreen bgYellow bgBlue bgMagenta bgCyan bgWhite', 40, 49],
  ['framed', 51, 54], ['overlined', 53, 55],
  ['gray redBright greenBright yellowBright blueBright magentaBright cyanBright whiteBright', 90, 39],
  ['bgGray bgRedBright bgGreenBright bgYellowBright bgBlueBright bgMagentaBright bgCyanBright ' +
    'bgWhiteBright', 100, 49],
]) {
  names.split(' ').forEach((name, i) => { colors[name] = [on + i, off]; });
}
// Other spellings: hidden accessors onto the entry they stand for.
for (const [alias, target] of [
  ['grey', 'gray'], ['blackBright', 'gray'], ['bgGrey', 'bgGray'], ['bgBlackBright', 'bgGray'],
  ['faint', 'dim'], ['crossedout', 'strikethrough'], ['strikeThrough', 'strikethrough'],
  ['crossedOut', 'strikethrough'], ['conceal', 'hidden'], ['swapColors', 'inverse'],
  ['swapcolors', 'inverse'], ['doubleUnderline', 'doubleunderline'],
]) {
  Object.defineProperty(colors, alias, {
    get() { return this[target]; },
    set(value) { this[target] = value; },
    enumerable: false,
    configurable: true,
  });
}

const styles = Object.assign({ __proto__: null }, {
  special: 'cyan',
  number: 'yellow',
  bigint: 'yellow',
  boolean: 'yellow',
  undefined: 'grey',
  null: 'bold',
  string: 'green',
  symbol: 'green',
  date: 'magenta',
  regexp: 'red',
  module: 'underline',
});

function paintColor(text, style) {
  const name = styles[style];
  const codes = name === undefined ? undefined : colors[name];
  return codes === undefined ? text : `\u001b[${codes[0]}m${text}\u001b[${codes[1]}m`;
}

function paintNone(text) {
  return text;
}

// ---------------------------------------------------------------------------
// Text: quoting and numbers (terminal widths are in inspect_printer.js).

// What inspect writes instead of a code unit below U+00A0 that it does not
// show as is: C0 and C1 controls, DEL and the backslash.
const escapeFor = [];
for (let c = 0; c < 0xa0; c++) {
  if (c < 0x20 || c >= 0x7f) escapeFor[c] = `\\x${c < 0x10 ? '0' : ''}${c.toString(16).toUpperCase()}`;
}
escapeFor[0x08] = '\\b';
escapeFor[0x09] = '\\t';
escapeFor[0x0a] = '\\n';
escapeFor[0x0c] = '\\f';
escapeFor[0x0d] = '\\r';
escapeFor[0x5c] = '\\\\';

const MAY_ESCAPE = /[\x00-\x1f'\\\x7f-\x9f\ud800-\udfff]/;
// A surrogate pair is kept; a lone surrogate is written as \uXXXX.
const TO_ESCAPE = /[\x00-\x1f'\\\x7f-\x9f]|[\ud800-\udbff][\udc00-\udfff]?|[\udc00-\udfff]/g;

// `str` with the characters above escaped, and single quotes too when they
// delimit the text.
function escapeText(str, singleQuoted) {
  if (!MAY_ESCAPE.test(str)) return str;
  return str.replace(TO_ESCAPE, (m) => {
    if (m.length === 2) return m;
    const c = m.charCodeAt(0);
    if (c === 0x27) return singleQuoted ? "\\'" : m;
    if (c >= 0xd800) return `\\u${c.toString(16)}`;
    return escapeFor[c];
  });
}

// Single quotes, unless the text holds one: then double quotes, else
// backticks (when neither ` nor ${ occurs), else escaped single quotes.
function quoteText(str) {
  let q = "'";
  if (str.includes("'")) {
    if (!str.includes('"')) q = '"';
    else if (!str.includes('`') && !str.includes('${')) q = '`';
  }
  return q + escapeText(str, q === "'") + q;
}

// "1234567" -> "1_234_567" (a leading minus sign is kept apart).
function groupFromRight(digits) {
  const stop = digits[0] === '-' ? 4 : 3;
  let out = '';
  let end = digits.length;
  while (end > stop) {
    out = `_${digits.slice(end - 3, end)}${out}`;
    end -= 3;
  }
  return digits.slice(0, end) + out;
}

// "1234567" -> "123_456_7": groups of three from the left, as fractions are
// written.
function groupFromLeft(digits) {
  let out = '';
  let start = 0;
  while (digits.length - start > 3) {
    out += `${digits.slice(start, start + 3)}_`;
    start += 3;
  }
  return out + digits.slice(start);
}

function numberText(n, separators) {
  if (!separators) return n === 0 && 1 / n < 0 ? '-0' : `${n}`;
  const whole = Math.trunc(n);
  if (whole === n) {
    const text = `${whole}`;
    return Number.isFinite(n) && !text.includes('e') ? groupFromRight(text) : text;
  }
  if (n !== n) return 'NaN';
  // Node 22 cuts the full text at the dot. Exponent forms without a dot
  // ("1e-7") come out mangled ("1e-.1e-_7"), which is reproduced.
  const text = `${n}`;
  const dot = text.indexOf('.');
  return `${groupFromRight(text.slice(0, dot))}.${groupFromLeft(text.slice(dot + 1))}`;
}

function bigintText(n, separators) {
  return `${separators ? groupFromRight(`${n}`) : `${n}`}n`;
}

// ---------------------------------------------------------------------------
// Names in front of brackets.

// Node 22 leaves out a toStringTag that the constructor name already says:
// when the tag's first occurrence in the name ends the name or is followed
// by an upper-case letter, i.e. ends a camel-case word ("MyMap" and "Map",
// "MapLike" and "Map", "Abc" and "bc"; not "Date" and "at", not "A1" and
// "A").
function nameSaysTag(name, tag) {
  const at = name.indexOf(tag);
  if (at === -1) return false;
  const next = name[at + tag.length];
  return next === undefined || next !== next.toLowerCase();
}

// "Foo(3) [tag] ", or for objects without a constructor
// "[Fallback(3): null prototype] [tag] ".
function heading(name, tag, fallback, size = '') {
  if (name === null) {
    const tail = tag !== '' && tag !== fallback ? ` [${tag}] ` : ' ';
    return `[${fallback}${size}: null prototype]${tail}`;
  }
  return tag !== '' && !nameSaysTag(name, tag) ? `${name}${size} [${tag}] ` : `${name}${size} `;
}

// What V8 calls an object that has no usable constructor: the first
// toStringTag data property up its chain when that is a non-empty string,
// else "Object".
function tagOrObject(obj) {
  for (let o = obj; o !== null; o = protoOf(o)) {
    const d = descriptorOf(o, TAG);
    if (d !== undefined) return typeof d.value === 'string' && d.value !== '' ? d.value : 'Object';
  }
  return 'Object';
}

function safeInstanceOf(obj, ctor) {
  try {
    return obj instanceof ctor;
  } catch {
    return false;
  }
}

function countText(n, noun) {
  return `${n} ${noun}${n > 1 ? 's' : ''}`;
}

function moreItems(n) {
  return `... ${countText(n, 'more item')}`;
}

// How many of `total` entries to show under a maxArrayLength of `max`.
function shownOf(max, total) {
  return Math.min(Math.max(0, max), total);
}

// A canonical array index ("0", "17"; not "01", "-1", "4294967295").
function isIndexKey(key) {
  if (typeof key !== 'string' || key.length === 0 || key.length > 10) return false;
  if (key.length > 1 && key.charCodeAt(0) === 48) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return +key < 4294967295;
}

// Own keys to list: string keys then symbols, enumerable ones only unless
// `all`.
function listedKeys(obj, all) {
  let keys;
  const symbols = symbolsOf(obj);
  if (all) {
    keys = namesOf(obj);
    for (let i = 0; i < symbols.length; i++) keys.push(symbols[i]);
    return keys;
  }
  try {
    keys = enumerableNames(obj);
  } catch {
    // A module namespace with a binding still in its temporal dead zone.
    keys = namesOf(obj);
  }
  for (let i = 0; i < symbols.length; i++) {
    if (isEnumerable.call(obj, symbols[i])) keys.push(symbols[i]);
  }
  return keys;
}

// The same for arrays and typed arrays, without the indices.
function extraKeys(obj, all) {
  if (nonIndexKeysHook !== undefined) return nonIndexKeysHook(obj, all ? 0 : 2);
  // Indices come first among the own keys: skip them by bisection.
  const keys = allKeysOf(obj);
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isIndexKey(keys[mid])) lo = mid + 1;
    else hi = mid;
  }
  const out = [];
  for (let i = lo; i < keys.length; i++) {
    const key = keys[i];
    if (!isIndexKey(key) && (all || isEnumerable.call(obj, key))) out.push(key);
  }
  return out;
}

// Identifier-like keys are written bare, other keys quoted.
const BARE_KEY = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

// Whether a function's source is a class. A method named like one
// ("classify() {}") is not. When the text before the body holds a "(",
// as in `class A extends mix(B) {}`, it counts as a class only if, with
// comments removed, it starts with white space and has no "(" before the
// first "{" (so the mixin form is shown as a function, as Node shows it).
const COMMENTS = /\/\/.*?\n|\/\*[\s\S]*?\*\//g;
function isClassSource(src) {
  if (!src.startsWith('class') || !src.endsWith('}')) return false;
  const rest = src.slice(5, -1);
  const open = rest.indexOf('{');
  if (open === -1) return false;
  if (!rest.slice(0, open).includes('(')) return true;
  const bare = rest.replace(COMMENTS, '');
  const brace = bare.indexOf('{');
  return brace > 0 && /^\s/.test(bare) && !bare.slice(0, brace).includes('(');
}

// ---------------------------------------------------------------------------
// Errors.

// V8-style stack text from the errors module (loaded late: it may itself
// need this file).
let v8StackText;
function stackTextOf(err) {
  if (v8StackText === undefined) {
    v8StackText = null;
    try {
      const mod = require('errors');
      if (mod && typeof mod.formatStack === 'function') v8StackText = mod.formatStack;
    } catch {
      // No errors module: the engine's own text is used.
    }
  }
  return v8StackText !== null ? v8StackText(err) : err.stack;
}

function isStackOverflowError(err) {
  return err !== null && typeof err === 'object' && err.name === 'RangeError' &&
    typeof err.message === 'string' && /call stack/i.test(err.message);
}

// The class name a stack of an error without prototype begins with: an
// upper-case letter and more name characters, ending at ":" or at a line
// break before the frames; or the whole text when it is one word ending in
// "Error".
const LEADING_NAME = /^[A-Z][\w [\]()-]+(?=:|\n\s+at)/;
const WHOLE_NAME = /^[\w-]*Error$/;
function nameAtStackStart(stack) {
  const m = LEADING_NAME.exec(stack) || WHOLE_NAME.exec(stack);
  return m === null ? '' : m[0];
}

// Makes the first line of a stack name the real class: "Foo [TypeError]:
// msg" for a TypeError made by class Foo, "[Error: null prototype]: msg"
// for one without prototype. Only done when the stack starts with the
// error's name (and that name ends in "Error"), or there is no prototype.
function relabelStack(stack, ctorName, name, tag) {
  let cut = name.length;
  let fallback = 'Error';
  if (ctorName === null) {
    fallback = nameAtStackStart(stack);
    cut = fallback.length;
    if (fallback === '') fallback = 'Error';
  } else if (!name.endsWith('Error') || !stack.startsWith(name) ||
             (stack.length !== cut && stack[cut] !== ':' && stack[cut] !== '\n')) {
    return stack;
  }
  const label = heading(ctorName, tag, fallback).slice(0, -1);
  if (label === name) return stack;
  if (!label.includes(name)) return `${label} [${name}]${stack.slice(cut)}`;
  return cut === 0 ? `${label}: ${stack}` : label + stack.slice(cut);
}

// Where `frames` (an error's stack lines) and `other` (its cause's) share a
// run of more than three lines: { start, length } in `frames`, or null.
function sharedFrames(frames, other) {
  for (let i = 0; i + 3 < frames.length; i++) {
    const j = other.indexOf(frames[i]);
    if (j === -1 || other.length - j <= 3) continue;
    const limit = Math.min(frames.length - i, other.length - j);
    let n = 1;
    while (n < limit && frames[i + n] === other[j + n]) n++;
    if (n > 3) return { start: i, length: n };
  }
  return null;
}

// A frame in the runtime's own code: "    at node:fs:1:2" or
// "    at fn (node:fs:1:2)", where fn holds no "/", "\" or "(".
const RUNTIME_FRAME = /^ {4}at (?:[^/\\(]+ \()?node:.+:\d+:\d+\)?$/;
// A package directory under node_modules ("pkg" or "@scope/pkg").
const PACKAGE_DIR = /[/\\]node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+?)(?=[/\\])/g;

function workingDirectory() {
  if (host === undefined || host === null) return undefined;
  let cwd = host.cwd;
  try {
    if (typeof cwd === 'function') cwd = cwd();
  } catch {
    return undefined;
  }
  return typeof cwd === 'string' ? cwd : undefined;
}

// Set one by one: a part may load after guest code replaced Object.assign.
exports.BARE_KEY = BARE_KEY;
exports.BUILTIN_CONSTRUCTORS = BUILTIN_CONSTRUCTORS;
exports.HANDLER_UNKNOWN = HANDLER_UNKNOWN;
exports.ITERATOR = ITERATOR;
exports.PACKAGE_DIR = PACKAGE_DIR;
exports.PROMISE_PENDING = PROMISE_PENDING;
exports.PROMISE_REJECTED = PROMISE_REJECTED;
exports.RUNTIME_FRAME = RUNTIME_FRAME;
exports.TAG = TAG;
exports.TO_PRIMITIVE = TO_PRIMITIVE;
exports.allKeysOf = allKeysOf;
exports.bigintText = bigintText;
exports.colors = colors;
exports.countText = countText;
exports.dateISO = dateISO;
exports.dateString = dateString;
exports.dateTime = dateTime;
exports.defaultOptions = defaultOptions;
exports.descriptorOf = descriptorOf;
exports.enumerableNames = enumerableNames;
exports.errorString = errorString;
exports.escapeText = escapeText;
exports.extraKeys = extraKeys;
exports.fnSource = fnSource;
exports.getKind = getKind;
exports.hasOwnProperty = hasOwnProperty;
exports.heading = heading;
exports.isArgumentsObject = isArgumentsObject;
exports.isArray = isArray;
exports.isAsyncFunction = isAsyncFunction;
exports.isClassSource = isClassSource;
exports.isEnumerable = isEnumerable;
exports.isGeneratorFunction = isGeneratorFunction;
exports.isIndexKey = isIndexKey;
exports.isModuleNamespace = isModuleNamespace;
exports.isStackOverflowError = isStackOverflowError;
exports.listedKeys = listedKeys;
exports.mapEntries = mapEntries;
exports.mapSize = mapSize;
exports.moreItems = moreItems;
exports.numberText = numberText;
exports.owns = owns;
exports.paintColor = paintColor;
exports.paintNone = paintNone;
exports.previewEntries = previewEntries;
exports.promiseDetails = promiseDetails;
exports.protoOf = protoOf;
exports.proxyDetails = proxyDetails;
exports.quoteText = quoteText;
exports.regexpString = regexpString;
exports.relabelStack = relabelStack;
exports.safeInstanceOf = safeInstanceOf;
exports.setSize = setSize;
exports.setValues = setValues;
exports.sharedFrames = sharedFrames;
exports.shownOf = shownOf;
exports.stackTextOf = stackTextOf;
exports.styles = styles;
exports.symbolString = symbolString;
exports.tagOrObject = tagOrObject;
exports.typedArrayLength = typedArrayLength;
exports.typedArrayName = typedArrayName;
exports.workingDirectory = workingDirectory;
