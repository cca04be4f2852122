// structuredClone(value, { transfer }): the HTML structured clone
// algorithm, with the results and error texts of Node 22 (whose clone is
// V8's serializer followed by its deserializer).
//
// What is cloned: primitives (not symbols), boxed primitives (not Symbol),
// Date, RegExp (lastIndex starts at 0), ArrayBuffer (resizable ones stay
// resizable), typed arrays and DataView (views on one buffer share one
// cloned buffer), Map, Set, Error objects (name only if one of the six
// native subtypes, message, stack, cause), DOMException (name, message,
// stack), arrays (holes, length and extra string-keyed properties) and
// every other object as a plain object: own enumerable string keys only,
// read with [[Get]] (getters run), prototype dropped. Shared and circular
// references are kept. Anything else throws a DataCloneError DOMException
// "<value> could not be cloned.", the value written as V8 writes it.
//
// Known differences from Node, all forced by running as JS code:
// - a Proxy cannot be told apart from its target, so it is cloned through
//   its traps (V8 refuses proxies);
// - a SharedArrayBuffer comes back as the same object (V8 gives a new
//   object over the same memory; JS cannot make one);
// - a built-in object whose prototype was swapped for Object.prototype or
//   for a non-built-in one may be taken for a plain object (Date, RegExp,
//   Error and boxed primitives are still recognized by their built-in tag);
// - transferred ArrayBuffers are copied into the result and then detached
//   (with ArrayBuffer.prototype.transfer), rather than moved.
"use strict";

const { DOMException, isDOMException } = require("dom_exception");
const { codedError, webidlError } = require("web_errors");

// --- intrinsics, captured so that guest patches do not change cloning ----

const getProto = Object.getPrototypeOf;
const getOwnDesc = Object.getOwnPropertyDescriptor;
const defineProperty = Object.defineProperty;
const objectKeys = Object.keys;
const isArray = Array.isArray;
const apply = Reflect.apply;
const hasOwn = Object.prototype.hasOwnProperty;
const objectToString = Object.prototype.toString;
const functionToString = Function.prototype.toString;
const symbolToString = Symbol.prototype.toString;
const ObjectProto = Object.prototype;

function getter(proto, key) {
  const desc = proto && getOwnDesc(proto, key);
  return desc && typeof desc.get === "function" ? desc.get : undefined;
}

const TypedArrayProto = getProto(Uint8Array.prototype);
const taTag = getter(TypedArrayProto, Symbol.toStringTag);
const taBuffer = getter(TypedArrayProto, "buffer");
const taByteOffset = getter(TypedArrayProto, "byteOffset");
const taByteLength = getter(TypedArrayProto, "byteLength");
const taLength = getter(TypedArrayProto, "length");
const taSet = TypedArrayProto.set;
const dvBuffer = getter(DataView.prototype, "buffer");
const dvByteOffset = getter(DataView.prototype, "byteOffset");
const dvByteLength = getter(DataView.prototype, "byteLength");
const abByteLength = getter(ArrayBuffer.prototype, "byteLength");
const abResizable = getter(ArrayBuffer.prototype, "resizable");
const abMaxByteLength = getter(ArrayBuffer.prototype, "maxByteLength");
const abDetached = getter(ArrayBuffer.prototype, "detached");
const abResize = ArrayBuffer.prototype.resize;
const abTransfer = ArrayBuffer.prototype.transfer;
const HasSAB = typeof SharedArrayBuffer === "function";
const sabByteLength = HasSAB ? getter(SharedArrayBuffer.prototype, "byteLength") : undefined;
const mapSize = getter(Map.prototype, "size");
const mapForEach = Map.prototype.forEach;
const mapSet = Map.prototype.set;
const setSize = getter(Set.prototype, "size");
const setForEach = Set.prototype.forEach;
const setAdd = Set.prototype.add;
const dateGetTime = Date.prototype.getTime;
const regexpSource = getter(RegExp.prototype, "source");
// Flags in the order RegExp.prototype.flags writes them.
const regexpFlags = [
  ["d", "hasIndices"], ["g", "global"], ["i", "ignoreCase"], ["m", "multiline"],
  ["s", "dotAll"], ["u", "unicode"], ["v", "unicodeSets"], ["y", "sticky"],
].map(([letter, name]) => [letter, getter(RegExp.prototype, name)]).filter(([, get]) => get);
const numberValueOf = Number.prototype.valueOf;
const stringValueOf = String.prototype.valueOf;
const booleanValueOf = Boolean.prototype.valueOf;
const bigintValueOf = BigInt.prototype.valueOf;
const symbolValueOf = Symbol.prototype.valueOf;
const isErrorBuiltin = typeof Error.isError === "function" ? Error.isError : null;
const domName = getter(DOMException.prototype, "name");
const domMessage = getter(DOMException.prototype, "message");

// Typed array constructors by the name their @@toStringTag getter reports.
const typedArrays = new Map();
for (const name of [
  "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array",
  "Int32Array", "Uint32Array", "Float16Array", "Float32Array", "Float64Array",
  "BigInt64Array", "BigUint64Array",
]) {
  const Ctor = globalThis[name];
  if (typeof Ctor === "function") typedArrays.set(name, Ctor);
}

// The six error types V8 keeps; any other name comes back as Error.
const errorTypes = new Map([
  ["EvalError", EvalError], ["RangeError", RangeError],
  ["ReferenceError", ReferenceError], ["SyntaxError", SyntaxError],
  ["TypeError", TypeError], ["URIError", URIError],
]);

// --- what kind of object is this -------------------------------------------
// Built-in objects are recognized by a built-in prototype on their chain,
// then confirmed with a brand check (a getter or method that throws on
// anything else). Ordinary objects (the common case) skip the walk.

const OBJECT = "Object";
const UNCLONEABLE = "Uncloneable";

function succeeds(fn, value, args) {
  try {
    apply(fn, value, args);
    return true;
  } catch {
    return false;
  }
}

function isErrorObject(value) {
  if (isErrorBuiltin !== null) return isErrorBuiltin(value);
  return apply(objectToString, value, []) === "[object Error]";
}

const confirm = {
  Date: (v) => succeeds(dateGetTime, v, []),
  RegExp: (v) => v !== RegExp.prototype && succeeds(regexpSource, v, []),
  Map: (v) => succeeds(mapSize, v, []),
  Set: (v) => succeeds(setSize, v, []),
  ArrayBuffer: (v) => succeeds(abByteLength, v, []),
  SharedArrayBuffer: (v) => HasSAB && succeeds(sabByteLength, v, []),
  DataView: (v) => succeeds(dvBuffer, v, []),
  TypedArray: (v) => apply(taTag, v, []) !== undefined,
  Number: (v) => succeeds(numberValueOf, v, []),
  String: (v) => succeeds(stringValueOf, v, []),
  Boolean: (v) => succeeds(booleanValueOf, v, []),
  BigInt: (v) => succeeds(bigintValueOf, v, []),
  Symbol: (v) => succeeds(symbolValueOf, v, []),
  Error: isErrorObject,
  DOMException: isDOMException,
  WeakMap: (v) => succeeds(WeakMap.prototype.has, v, [{}]),
  WeakSet: (v) => succeeds(WeakSet.prototype.has, v, [{}]),
  WeakRef: (v) => typeof WeakRef === "function" && succeeds(WeakRef.prototype.deref, v, []),
  FinalizationRegistry: (v) => typeof FinalizationRegistry === "function" &&
    succeeds(FinalizationRegistry.prototype.unregister, v, [{}]),
  // No side-effect-free brand check exists for these; the prototype decides.
  [UNCLONEABLE]: () => true,
};

// Built-in prototype -> kind. Subclass instances reach these by walking.
const kinds = new Map([
  [Date.prototype, "Date"],
  [RegExp.prototype, "RegExp"],
  [Map.prototype, "Map"],
  [Set.prototype, "Set"],
  [ArrayBuffer.prototype, "ArrayBuffer"],
  [DataView.prototype, "DataView"],
  [TypedArrayProto, "TypedArray"],
  [Number.prototype, "Number"],
  [String.prototype, "String"],
  [Boolean.prototype, "Boolean"],
  [BigInt.prototype, "BigInt"],
  [Symbol.prototype, "Symbol"],
  [DOMException.prototype, "DOMException"], // before Error.prototype on its chain
  [Error.prototype, "Error"],
  [WeakMap.prototype, "WeakMap"],
  [WeakSet.prototype, "WeakSet"],
  [Promise.prototype, UNCLONEABLE],
]);
if (HasSAB) kinds.set(SharedArrayBuffer.prototype, "SharedArrayBuffer");
if (typeof WeakRef === "function") kinds.set(WeakRef.prototype, "WeakRef");
if (typeof FinalizationRegistry === "function") {
  kinds.set(FinalizationRegistry.prototype, "FinalizationRegistry");
}

// Objects with internal state that V8 cannot serialize and that have no
// brand check: generators, built-in iterators, Intl objects, stacks.
function addUncloneable(make) {
  try {
    const proto = make();
    if (proto !== null && typeof proto === "object" && proto !== ObjectProto) {
      kinds.set(proto, UNCLONEABLE);
    }
  } catch {
    // not available in this engine
  }
}
addUncloneable(() => getProto(function* () {}).prototype);
addUncloneable(() => getProto(async function* () {}).prototype);
addUncloneable(() => getProto([][Symbol.iterator]()));
addUncloneable(() => getProto(new Map()[Symbol.iterator]()));
addUncloneable(() => getProto(new Set()[Symbol.iterator]()));
addUncloneable(() => getProto(""[Symbol.iterator]()));
addUncloneable(() => getProto(/./[Symbol.matchAll]("")));
addUncloneable(() => getProto([].values().map((x) => x)));
addUncloneable(() => getProto(Iterator.from({ next() {} })));
addUncloneable(() => DisposableStack.prototype);
addUncloneable(() => AsyncDisposableStack.prototype);
if (typeof Intl === "object" && Intl !== null) {
  for (const key of Object.getOwnPropertyNames(Intl)) {
    addUncloneable(() => Intl[key].prototype);
  }
}

// The kind of a non-array, non-function object.
function classify(value) {
  const proto = getProto(value);
  if (proto === ObjectProto || proto === null) {
    // Fast path for ordinary objects. The built-in tag still tells apart
    // objects with internal slots whose prototype was swapped out.
    const tag = apply(objectToString, value, []);
    if (tag === "[object Object]") return value === globalThis ? UNCLONEABLE : OBJECT;
    const kind = tag.slice(8, -1);
    if (kind === "Arguments") return UNCLONEABLE;
    if (kind !== UNCLONEABLE && confirm[kind] !== undefined && confirm[kind](value)) return kind;
    return OBJECT;
  }
  for (let p = proto; p !== null && p !== ObjectProto; p = getProto(p)) {
    const kind = kinds.get(p);
    if (kind !== undefined && confirm[kind](value)) return kind;
  }
  return value === globalThis ? UNCLONEABLE : OBJECT;
}

// --- error text ---------------------------------------------------------------

// %IteratorPrototype%. With iterator helpers its `constructor` is an
// accessor, so V8 (Node 22) names iterators by their tag; engines without
// them would find Object.prototype.constructor instead. Stopping there
// gives Node 22's text everywhere.
let IteratorProto = null;
try {
  IteratorProto = getProto(getProto([][Symbol.iterator]()));
} catch {
  // no iterators
}

// A property's value if it is a data property on the chain (getters are
// not run), else undefined. V8 describes values this way.
function dataLookup(object, key) {
  for (let p = object; p !== null; p = getProto(p)) {
    if (p === IteratorProto && key === "constructor") return undefined;
    const desc = getOwnDesc(p, key);
    if (desc !== undefined) return "value" in desc ? desc.value : undefined;
  }
  return undefined;
}

// How V8 writes a value in "X could not be cloned.": a function's source,
// a symbol's description, "#<Ctor>" for objects with the default toString,
// else "[object Tag]".
function describe(value) {
  if (typeof value === "symbol") return apply(symbolToString, value, []);
  if (typeof value === "function") {
    try {
      return apply(functionToString, value, []);
    } catch {
      return "function";
    }
  }
  if (dataLookup(value, "toString") === objectToString) {
    const ctor = dataLookup(value, "constructor");
    if (typeof ctor === "function") {
      const name = dataLookup(ctor, "name");
      if (typeof name === "string" && name !== "") return `#<${name}>`;
    }
  }
  const tag = dataLookup(value, Symbol.toStringTag);
  if (typeof tag === "string") return `[object ${tag}]`;
  return `[object ${isArray(value) ? "Array" : "Object"}]`;
}

function dataCloneError(message) {
  return new DOMException(message, "DataCloneError");
}

function cannotClone(value) {
  return dataCloneError(`${describe(value)} could not be cloned.`);
}

// --- helpers ----------------------------------------------------------------------

// CreateDataProperty: define, never assign (no setters, "__proto__" is a key).
const dataDesc = { __proto__: null, value: undefined, writable: true, enumerable: true, configurable: true };
function createDataProperty(object, key, value) {
  dataDesc.value = value;
  defineProperty(object, key, dataDesc);
  dataDesc.value = undefined;
}

function isDetached(buffer) {
  if (abDetached !== undefined) return apply(abDetached, buffer, []);
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}

function isArrayBuffer(value) {
  return value !== null && typeof value === "object" && succeeds(abByteLength, value, []);
}

// A view made without a length follows its resizable buffer's size; V8
// keeps that in the clone. There is no getter for it, so: a view that does
// not reach the buffer's end is fixed; one that does is tested by growing
// the buffer a step and shrinking it back (no guest code runs meanwhile).
// When the buffer cannot grow, assume tracking, the usual way to get there.
function isLengthTracking(buffer, byteOffset, byteLength, readByteLength, view, step) {
  if (abResizable === undefined || !apply(abResizable, buffer, [])) return false;
  const size = apply(abByteLength, buffer, []);
  if (byteOffset + byteLength !== size) return false;
  if (size + step > apply(abMaxByteLength, buffer, [])) return true;
  apply(abResize, buffer, [size + step]);
  const grew = readByteLength(view) !== byteLength;
  apply(abResize, buffer, [size]);
  return grew;
}

// --- the clone --------------------------------------------------------------------

function cloneArrayBuffer(buffer, memory) {
  if (isDetached(buffer)) {
    throw dataCloneError("An ArrayBuffer is detached and could not be cloned.");
  }
  const length = apply(abByteLength, buffer, []);
  const copy = abResizable !== undefined && apply(abResizable, buffer, [])
    ? new ArrayBuffer(length, { maxByteLength: apply(abMaxByteLength, buffer, []) })
    : new ArrayBuffer(length);
  apply(taSet, new Uint8Array(copy), [new Uint8Array(buffer, 0, length)]);
  memory.set(buffer, copy);
  return copy;
}

function cloneBufferOf(buffer, memory) {
  const seen = memory.get(buffer);
  if (seen !== undefined) return seen;
  if (isArrayBuffer(buffer)) return cloneArrayBuffer(buffer, memory);
  memory.set(buffer, buffer); // SharedArrayBuffer: shared, not copied
  return buffer;
}

function cloneError(error, memory) {
  const messageDesc = getOwnDesc(error, "message");
  const causeDesc = getOwnDesc(error, "cause");
  const Ctor = errorTypes.get(`${error.name}`) || Error;
  const hasMessage = messageDesc !== undefined && "value" in messageDesc;
  const message = hasMessage ? `${messageDesc.value}` : undefined;
  const stack = error.stack;

  // Built bare, then given its properties in V8's order: stack, message,
  // cause. JavaScriptCore gives new errors their position as own
  // properties, which V8's copy does not have.
  const copy = new Ctor();
  for (const key of ["line", "column", "sourceURL"]) {
    const desc = getOwnDesc(copy, key);
    if (desc !== undefined && desc.configurable) delete copy[key];
  }
  defineProperty(copy, "stack", {
    value: typeof stack === "string" ? stack : undefined,
    writable: true,
    enumerable: false,
    configurable: true,
  });
  if (hasMessage) {
    defineProperty(copy, "message", { value: message, writable: true, enumerable: false, configurable: true });
  }
  memory.set(error, copy);
  if (causeDesc !== undefined && "value" in causeDesc) {
    defineProperty(copy, "cause", {
      value: clone(causeDesc.value, memory),
      writable: true,
      enumerable: false,
      configurable: true,
    });
  }
  return copy;
}

function cloneDOMException(exception, memory) {
  const copy = new DOMException(apply(domMessage, exception, []), apply(domName, exception, []));
  defineProperty(copy, "stack", {
    value: exception.stack,
    writable: true,
    enumerable: false,
    configurable: true,
  });
  memory.set(exception, copy);
  return copy;
}

function cloneTypedArray(view, memory) {
  const original = apply(taBuffer, view, []);
  const buffer = cloneBufferOf(original, memory);
  const Ctor = typedArrays.get(apply(taTag, view, []));
  const byteOffset = apply(taByteOffset, view, []);
  const byteLength = apply(taByteLength, view, []);
  const tracking = isArrayBuffer(original) &&
    isLengthTracking(original, byteOffset, byteLength, (v) => apply(taByteLength, v, []), view,
      Ctor.BYTES_PER_ELEMENT);
  const copy = tracking
    ? new Ctor(buffer, byteOffset)
    : new Ctor(buffer, byteOffset, apply(taLength, view, []));
  memory.set(view, copy);
  return copy;
}

function cloneDataView(view, memory) {
  const original = apply(dvBuffer, view, []);
  const buffer = cloneBufferOf(original, memory);
  let byteOffset = 0;
  let byteLength = 0;
  try {
    byteOffset = apply(dvByteOffset, view, []);
    byteLength = apply(dvByteLength, view, []);
  } catch {
    // out of bounds after its buffer shrank: V8 writes an empty view
  }
  const tracking = isArrayBuffer(original) &&
    isLengthTracking(original, byteOffset, byteLength, (v) => apply(dvByteLength, v, []), view, 1);
  const copy = tracking
    ? new DataView(buffer, byteOffset)
    : new DataView(buffer, byteOffset, byteLength);
  memory.set(view, copy);
  return copy;
}

// Keys that a plain assignment to a fresh object (or array) would not turn
// into an own data property: accessors (such as __proto__) and read-only
// properties on Object.prototype (and Array.prototype). Those go through
// defineProperty; every other key is assigned, which is much faster.
// Found once per structuredClone() call, when first needed.
let unsafeObjectKeys = null;
let unsafeArrayKeys = null;

function unsafeKeysOf(protos) {
  const keys = new Set();
  for (const proto of protos) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const desc = getOwnDesc(proto, key);
      if (!("value" in desc) || !desc.writable) keys.add(key);
    }
  }
  return keys;
}

// Copy own enumerable string-keyed properties. Keys are listed first, as
// V8 does; one deleted by an earlier getter is skipped.
function copyProperties(source, target, memory, isArrayTarget) {
  let unsafe;
  if (isArrayTarget) {
    if (unsafeArrayKeys === null) unsafeArrayKeys = unsafeKeysOf([Array.prototype, ObjectProto]);
    unsafe = unsafeArrayKeys;
  } else {
    if (unsafeObjectKeys === null) unsafeObjectKeys = unsafeKeysOf([ObjectProto]);
    unsafe = unsafeObjectKeys;
  }
  const keys = objectKeys(source);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (!apply(hasOwn, source, [key])) continue;
    const value = clone(source[key], memory);
    if (unsafe.has(key)) createDataProperty(target, key, value);
    else target[key] = value;
  }
}

function clone(value, memory) {
  const type = typeof value;
  if (type === "symbol") throw cannotClone(value);
  if (type === "function") throw cannotClone(value);
  if (type !== "object" || value === null) return value;

  const seen = memory.get(value);
  if (seen !== undefined) return seen;

  if (isArray(value)) {
    const copy = new Array(value.length);
    memory.set(value, copy);
    copyProperties(value, copy, memory, true);
    return copy;
  }

  const kind = classify(value);
  switch (kind) {
    case OBJECT: {
      const copy = {};
      memory.set(value, copy);
      copyProperties(value, copy, memory, false);
      return copy;
    }
    case "Date": {
      const copy = new Date(apply(dateGetTime, value, []));
      memory.set(value, copy);
      return copy;
    }
    case "RegExp": {
      let flags = "";
      for (const [letter, get] of regexpFlags) if (apply(get, value, [])) flags += letter;
      const copy = new RegExp(apply(regexpSource, value, []), flags);
      memory.set(value, copy);
      return copy;
    }
    case "Number":
    case "String":
    case "Boolean":
    case "BigInt": {
      const valueOf = { Number: numberValueOf, String: stringValueOf,
        Boolean: booleanValueOf, BigInt: bigintValueOf }[kind];
      const copy = Object(apply(valueOf, value, []));
      memory.set(value, copy);
      return copy;
    }
    case "Map": {
      // Entries are listed before any is cloned: entries added by getters
      // during the clone are not included.
      const entries = [];
      apply(mapForEach, value, [(v, k) => { entries.push(k, v); }]);
      const copy = new Map();
      memory.set(value, copy);
      for (let i = 0; i < entries.length; i += 2) {
        const k = clone(entries[i], memory);
        const v = clone(entries[i + 1], memory);
        apply(mapSet, copy, [k, v]);
      }
      return copy;
    }
    case "Set": {
      const items = [];
      apply(setForEach, value, [(v) => { items.push(v); }]);
      const copy = new Set();
      memory.set(value, copy);
      for (let i = 0; i < items.length; i++) apply(setAdd, copy, [clone(items[i], memory)]);
      return copy;
    }
    case "ArrayBuffer":
      return cloneArrayBuffer(value, memory);
    case "SharedArrayBuffer":
      memory.set(value, value);
      return value;
    case "TypedArray":
      return cloneTypedArray(value, memory);
    case "DataView":
      return cloneDataView(value, memory);
    case "Error":
      return cloneError(value, memory);
    case "DOMException":
      return cloneDOMException(value, memory);
    default:
      // Symbol wrappers, weak collections, promises, iterators, ...
      throw cannotClone(value);
  }
}

// --- options and transfer ---------------------------------------------------------

function optionsError(message) {
  return webidlError("ERR_INVALID_ARG_TYPE", `Failed to execute 'structuredClone': ${message}`);
}

// The `transfer` member as a list of ArrayBuffers, checked as Node does.
function transferListOf(options) {
  if (options === undefined || options === null) return [];
  if (typeof options !== "object" && typeof options !== "function") {
    throw optionsError("Options cannot be converted to a dictionary");
  }
  const transfer = options.transfer;
  if (transfer === undefined) return [];
  if (transfer === null ||
      (typeof transfer !== "object" && typeof transfer !== "function") ||
      typeof transfer[Symbol.iterator] !== "function") {
    throw optionsError("transfer in Options can not be converted to sequence.");
  }
  const items = [];
  for (const item of transfer) {
    if (item === null || (typeof item !== "object" && typeof item !== "function")) {
      throw webidlError("ERR_INVALID_ARG_TYPE", "Value is not an object");
    }
    items.push(item);
  }
  const buffers = new Set();
  for (const item of items) {
    if (!isArrayBuffer(item)) throw dataCloneError("Found invalid value in transferList.");
    if (buffers.has(item)) throw dataCloneError("Transfer list contains duplicate ArrayBuffer");
    if (isDetached(item)) throw dataCloneError("Cannot transfer object of unsupported type.");
    buffers.add(item);
  }
  return buffers;
}

function structuredClone(value, options = undefined) {
  if (arguments.length === 0) {
    // Node 22's own (doubled) wording, kept as guests see it.
    throw codedError(
      TypeError,
      "ERR_MISSING_ARGS",
      'The "The value argument must be specified" argument must be specified',
    );
  }
  const transfer = transferListOf(options);
  unsafeObjectKeys = null;
  unsafeArrayKeys = null;
  const result = clone(value, new Map());
  // Detach only once the whole clone succeeded, as Node does.
  if (typeof abTransfer === "function") {
    for (const buffer of transfer) apply(abTransfer, buffer, [0]);
  }
  return result;
}

exports.structuredClone = structuredClone;
