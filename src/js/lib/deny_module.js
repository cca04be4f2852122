// deny_module.js - a builtin the sandbox refuses. It loads, as under Node,
// so code that imports it and never calls it runs; every use throws
// ERR_ACCESS_DENIED naming what was used. NAMES, the module's API in Node
// 22, are its own keys, so that `import { createSocket } from "node:dgram"`
// links as it does under Node (a name missing from an ES module's exports
// is a SyntaxError that stops the whole graph); any other key throws too.
"use strict";

function denied(what) {
  return function () {
    const err = new Error(`${what} is not available in the sandbox`);
    err.code = "ERR_ACCESS_DENIED";
    throw err;
  };
}

function denyModule(name, names) {
  const api = {};
  for (const key of names) api[key] = denied(`${name}.${key}`);
  return new Proxy(api, {
    get(target, key) {
      if (typeof key === "symbol" || key === "then" || key === "__esModule") return undefined;
      return Object.hasOwn(target, key) ? target[key] : denied(`${name}.${key}`);
    },
  });
}

exports.denied = denied;
exports.denyModule = denyModule;
