// Promise.prototype.then, JSON.parse/stringify and Function.prototype.call
// /apply replaced: the sandbox's async APIs still settle, and the walls hold.
import fs from "node:fs";
const o = (s) => process.stdout.write(s + "\n");
fs.writeFileSync("data.json", '{"ok": true}');
const then = Promise.prototype.then;
let thens = 0;
Promise.prototype.then = function (a, b) { thens++; return then.call(this, a, b); };
const parse = JSON.parse, stringify = JSON.stringify;
JSON.parse = function (s) { return { hijacked: true }; };
JSON.stringify = function () { return '"hijacked"'; };
const call = Function.prototype.call, apply = Function.prototype.apply;
Function.prototype.apply = function (t, a) { return Reflect.apply(this, t, a || []); };
const t = async (label, f) => { try { const r = await f(); o(`[${label}] ${typeof r === "string" ? r.slice(0, 60) : stringify(r)?.slice(0, 60)}`); } catch (e) { o(`[${label}] ${e?.code ?? e?.name}`); } };
await t("readFile-promise", () => fs.promises.readFile("data.json", "utf8"));
await t("readFile-outside", () => fs.promises.readFile("$O/secret.txt", "utf8"));
await t("writeFile-ro", () => fs.promises.writeFile("$R/data.txt", "x"));
await t("fetch-refused", () => fetch("http://127.0.0.1:9/").then((r) => r.text()));
await t("timers-promises", async () => { const { setTimeout: s } = await import("node:timers/promises"); return s(5, "slept"); });
await t("dynamic-import", async () => (await import("node:path")).join("a", "b"));
await t("env", () => Object.keys(process.env).length);
console.log("console", { a: [1, 2] });
o("thens ran: " + (thens > 0));
