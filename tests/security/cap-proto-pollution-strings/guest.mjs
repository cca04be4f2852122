// String and RegExp methods lie so that every "is this path inside / is it
// safe?" test written in JS says yes: the walls are not in JS.
import fs from "node:fs";
const o = (s) => process.stdout.write(s + "\n");
String.prototype.startsWith = function () { return true; };
String.prototype.endsWith = function () { return true; };
String.prototype.includes = function () { return false; };
String.prototype.indexOf = function () { return -1; };
String.prototype.normalize = function () { return "./a.txt"; };
RegExp.prototype.test = function () { return false; };
RegExp.prototype.exec = function () { return null; };
RegExp.prototype[Symbol.replace] = function (s) { return String(s); };
const t = async (label, f) => { try { const r = await f(); o(`[${label}] ALLOWED ${String(r).slice(0, 40)}`); } catch (e) { o(`[${label}] ${e?.code ?? e?.name}`); } };
fs.writeFileSync("a.txt", "inside");
await t("read-abs", () => fs.readFileSync("$O/secret.txt", "utf8"));
await t("read-dotdot", () => fs.readFileSync("../outside/secret.txt", "utf8"));
await t("read-url", () => fs.readFileSync(new URL("file://$O/secret.txt"), "utf8"));
await t("write-abs", () => fs.writeFileSync("$O/pwned", "x"));
await t("write-ro", () => fs.writeFileSync("$R/data.txt", "x"));
await t("import-abs", () => import("$O/evil.mjs"));
await t("import-dotdot", () => import("../outside/evil.mjs"));
await t("readdir-up", () => fs.readdirSync("../outside"));
await t("symlink-out", () => fs.symlinkSync("$O/secret.txt", "link"));
await t("fetch", () => fetch("http://127.0.0.1:9/"));
o("done");
