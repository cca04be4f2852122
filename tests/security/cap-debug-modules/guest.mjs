// Debugging and introspection doors: inspector, v8 flags and heap snapshots,
// repl, loader hooks, trace events, the module internals.
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const t = async (l, f) => { try { const r = await f(); console.log(`${l}: RETURNED ${typeof r}`); } catch (e) { console.log(`${l}: ${e.code}: ${e.message}`); } };
await t("inspector.open", () => require("inspector").open(9229, "0.0.0.0"));
await t("inspector.Session", () => new (require("inspector").Session)());
await t("v8.setFlagsFromString", () => require("v8").setFlagsFromString("--allow-natives-syntax"));
await t("v8.getHeapSnapshot", () => require("v8").getHeapSnapshot());
await t("v8.writeHeapSnapshot", () => require("v8").writeHeapSnapshot("$O/heap.heapsnapshot"));
await t("repl.start", () => require("repl").start());
await t("module.register", () => require("module").register("data:text/javascript,export async function resolve(){}"));
await t("trace_events", () => require("trace_events").createTracing({ categories: ["node"] }));
await t("module._load", () => require("module")._load("child_process"));
