// node_module.js - `module`: createRequire, builtinModules, isBuiltin.
const loader = require("loader");
const Module = loader.Module;
Module.createRequire = loader.createRequire;
Module.builtinModules = loader.builtinModules.slice();
Module.isBuiltin = loader.isBuiltin;
Module.Module = Module;
Module._cache = loader.requireCache;
Module.register = () => {
  const err = new Error("module.register() is not available in the sandbox: loader hooks cannot be installed");
  err.code = "ERR_ACCESS_DENIED";
  throw err;
};
Module.syncBuiltinESMExports = () => {};
Module.findSourceMap = () => undefined;
Module.enableCompileCache = () => ({ status: 2, message: "disabled in the sandbox" });
Module.constants = { compileCacheStatus: { FAILED: 0, ENABLED: 1, ALREADY_ENABLED: 2, DISABLED: 3 } };
exports.module = Module;
