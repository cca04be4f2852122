// DOMException: constructor forms, getters, legacy codes, constants, stack.
"use strict";

const names = [
  "IndexSizeError", "DOMStringSizeError", "HierarchyRequestError", "WrongDocumentError",
  "InvalidCharacterError", "NoDataAllowedError", "NoModificationAllowedError", "NotFoundError",
  "NotSupportedError", "InUseAttributeError", "InvalidStateError", "SyntaxError",
  "InvalidModificationError", "NamespaceError", "InvalidAccessError", "ValidationError",
  "TypeMismatchError", "SecurityError", "NetworkError", "AbortError", "URLMismatchError",
  "QuotaExceededError", "TimeoutError", "InvalidNodeTypeError", "DataCloneError",
  "EncodingError", "NotReadableError", "UnknownError", "ConstraintError", "DataError",
  "TransactionInactiveError", "ReadOnlyError", "VersionError", "OperationError",
  "NotAllowedError", "Error", "", "constructor", "toString", "__proto__", "hasOwnProperty",
];

// The parts of an exception that can be compared across engines.
function fields(e) {
  return {
    name: e.name,
    message: e.message,
    code: e.code,
    own: Object.getOwnPropertyNames(e),
    cause: Object.getOwnPropertyDescriptor(e, "cause"),
    stackType: typeof e.stack,
  };
}

// Attributes of a property: value kind and flags, for prototype listings.
function attrs(object, key) {
  const d = Object.getOwnPropertyDescriptor(object, key);
  if (!d) return "none";
  const kind = "value" in d ? (typeof d.value === "function" ? "method" : `value:${String(d.value)}`) : "accessor";
  return `${kind}${d.enumerable ? " E" : ""}${d.configurable ? " C" : ""}${d.writable ? " W" : ""}`;
}

function listing(object) {
  return Reflect.ownKeys(object)
    .filter((k) => typeof k === "string" || k === Symbol.toStringTag)
    .map((k) => `${String(k)}: ${attrs(object, k)}`);
}

const constructions = {
  "no args": (D) => new D(),
  "message only": (D) => new D("msg"),
  "undefined, undefined": (D) => new D(undefined, undefined),
  "null, null": (D) => new D(null, null),
  "numbers": (D) => new D(1, 2),
  "name string": (D) => new D("m", "AbortError"),
  "options empty": (D) => new D("m", {}),
  "options name": (D) => new D("m", { name: "NotFoundError" }),
  "options name number": (D) => new D("m", { name: 5 }),
  "options name undefined": (D) => new D("m", { name: undefined }),
  "options cause": (D) => new D("m", { name: "DataCloneError", cause: { x: 1 } }),
  "options cause undefined": (D) => new D("m", { cause: undefined }),
  "options inherited": (D) => new D("m", Object.create({ name: "NotFoundError", cause: 2 })),
  "options array": (D) => new D("m", [1]),
  "options function": (D) => new D("m", function named() {}),
  "toString objects": (D) => new D({ toString: () => "ts" }, { toString: () => "nm" }),
  "symbol message": (D) => new D(Symbol("x")),
  "symbol name": (D) => new D("m", Symbol("x")),
  "symbol options name": (D) => new D("m", { name: Symbol("x") }),
};

const cases = [];

for (const [label, make] of Object.entries(constructions)) {
  cases.push({
    name: `DOMException ${label}`,
    raw: true,
    run: (api) => fields(make(api.DOMException)),
  });
}

cases.push({
  name: "DOMException codes by name",
  raw: true,
  run: (api) => names.map((n) => [n, new api.DOMException("", n).code]),
});

cases.push({
  name: "DOMException constants",
  raw: true,
  run: (api) => ({
    proto: listing(api.DOMException.prototype),
    ctor: listing(api.DOMException),
  }),
});

cases.push({
  name: "DOMException shape",
  raw: true,
  run: (api) => {
    const D = api.DOMException;
    const e = new D("m", "AbortError");
    return {
      instanceofError: e instanceof Error,
      protoIsError: Object.getPrototypeOf(D.prototype) === Error.prototype,
      ctorProto: Object.getPrototypeOf(D) === Function.prototype,
      toString: String(e),
      tag: Object.prototype.toString.call(e),
      keys: Object.keys(e),
      json: JSON.stringify(e),
      length: D.length,
      name: D.name,
      errorToString: D.prototype.toString === Error.prototype.toString,
      stackHead: e.stack.split("\n")[0],
      stackNonEnumerable: Object.getOwnPropertyDescriptor(e, "stack").enumerable,
      getterNames: ["name", "message", "code"].map((k) => Object.getOwnPropertyDescriptor(D.prototype, k).get.name),
    };
  },
});

cases.push({
  name: "DOMException assignment does not change state",
  raw: true,
  run: (api) => {
    const e = new api.DOMException("a", "b");
    try {
      e.name = "z";
      e.message = "y";
    } catch (err) {
      return ["threw", err.name];
    }
    return [e.name, e.message, Object.keys(e)];
  },
});

for (const key of ["name", "message", "code"]) {
  cases.push({
    name: `DOMException ${key} getter on foreign object`,
    run: (api) => Object.getOwnPropertyDescriptor(api.DOMException.prototype, key).get.call({}),
  });
}

cases.push({
  name: "DOMException getter on the prototype",
  run: (api) => api.DOMException.prototype.code,
});

cases.push({
  name: "DOMException called without new",
  run: (api) => api.DOMException(),
});

cases.push({
  name: "DOMException subclass",
  raw: true,
  run: (api) => {
    class X extends api.DOMException {}
    const e = new X("a", "NotFoundError");
    return [e.code, e.name, e instanceof api.DOMException, e instanceof Error, Object.prototype.toString.call(e)];
  },
});

cases.push({
  name: "DOMException inspect",
  raw: true,
  run: (api) => {
    const util = require("util");
    const text = util.inspect(new api.DOMException("boom", "AbortError"));
    return text.split("\n")[0];
  },
});

module.exports = cases;
