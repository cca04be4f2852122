// The other doors of the CommonJS loader: module.require, require.main,
// new Module(...).require, module.paths and require.cache tampering,
// Module._load/_resolveFilename if present.
const Module = require("node:module");
const fs = require("node:fs");
const t = (label, f) => { try { const r = f(); console.log(`[${label}] LOADED ${typeof r}`); } catch (e) { console.log(`[${label}] ${e.code ?? "no code " + e}`); } };
t("module.require", () => module.require("../outside/evil.cjs"));
t("require.main.require", () => require.main.require("$O/evil.cjs"));
t("new-Module-outside", () => new Module("$O/x.js").require("./evil.cjs"));
t("Module.prototype.require", () => Module.prototype.require.call({ filename: "$O/x.js" }, "./evil.cjs"));
module.paths.unshift("$O", "$O/node_modules");
t("module.paths", () => require("evil.cjs"));
t("module.paths-bare", () => require("evil"));
require.cache["$W/fake.js"] = { exports: "planted" };
t("cache-then-outside", () => require("$O/evil.cjs"));
t("Module._load", () => (typeof Module._load === "function" ? Module._load("$O/evil.cjs", module) : (() => { throw { code: "absent" }; })()));
t("Module._resolveFilename", () => (typeof Module._resolveFilename === "function" ? Module._resolveFilename("$O/evil.cjs", module) : (() => { throw { code: "absent" }; })()));
t("Module._extensions", () => (Module._extensions ? Module._extensions[".js"]({ _compile() {} }, "$O/evil.js") : (() => { throw { code: "absent" }; })()));
t("require.resolve-paths", () => require.resolve("./evil.cjs", { paths: ["$O", "$W/../outside"] }));
