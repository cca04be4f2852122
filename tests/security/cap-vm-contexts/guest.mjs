// vm is no boundary (as in Node), but every escape from a context lands in
// the guest's own realm, whose walls still hold.
import vm from "node:vm";
import fs from "node:fs";
const t = async (l, f) => { try { console.log(`${l}:`, String(await f()).slice(0, 100)); } catch (e) { console.log(`${l}: ${e.name}: ${e.code ?? ""} ${e.message}`); } };
const outer = () => vm.runInNewContext("s.constructor.constructor('return globalThis')()", { s: {} });
await t("sandbox-arg-escape-is-guest-global", () => outer() === globalThis);
await t("ctx-globals", () => vm.runInNewContext("typeof process + typeof require + typeof host + typeof __acs"));
await t("escaped-env", () => JSON.stringify(outer().process.env));
await t("escaped-cwd", () => outer().process.cwd() === process.cwd());
await t("escaped-fs-outside", () => fs.readFileSync.call(outer(), "$O/secret.txt", "utf8"));
await t("ctx-import-fs", () => vm.runInNewContext("import('node:fs')"));
await t("ctx-eval-import-outside", () => vm.runInNewContext("import('$O/evil.mjs')"));
await t("this-context-import-outside", () => vm.runInThisContext("import('$O/evil.mjs')"));
await t("compileFunction", () => vm.compileFunction("return typeof process + typeof host")());
await t("script-newContext-outside", () => new vm.Script("this.constructor.constructor('return process')().cwd()").runInNewContext({ x: 1 }));
