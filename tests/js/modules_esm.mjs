// differential
// ES modules: named, default and namespace imports, live bindings, cycles,
// export *, JSON, CommonJS interop, dynamic import, import.meta.
import A, { count, inc, fromA, reexportedB, seesB } from "./modules/a.mjs";
import * as star from "./modules/star.mjs";
import data from "./modules/data.json" with { type: "json" };
import lib, { alpha, beta, gamma } from "./modules/lib.cjs";
import whole from "./modules/whole.cjs";
import { kind } from "fixture-pkg";
import fs from "node:fs";
import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";

console.log(new A().name(), count, inc(), count, inc(), count, fromA, reexportedB, seesB());
console.log(Object.keys(star), star.bns.b, star.ADefault === A, star.count);
console.log(data.name, data.list, alpha, beta(), gamma, lib.delta, Object.keys(lib).sort(), whole.fn());
console.log(kind, typeof fs.readFileSync, typeof EventEmitter);
const dyn = await import("./modules/tla.mjs");
console.log(dyn.later, Object.prototype.toString.call(dyn), Object.isExtensible(dyn));
console.log(import.meta.url.endsWith("/tests/js/modules_esm.mjs"), import.meta.filename.endsWith("modules_esm.mjs"), import.meta.dirname.endsWith("/tests/js"));
console.log(import.meta.resolve("./modules/a.mjs").endsWith("/tests/js/modules/a.mjs"), import.meta.resolve("node:fs"));
await sleep(1);
try { await import("./modules/missing.mjs"); } catch (e) { console.log(e.code); }
try { await import("fixture-pkg/not-exported"); } catch (e) { console.log(e.code); }
try { await import("no-such-package-xyz"); } catch (e) { console.log(e.code, e.message.split(" imported")[0]); }
try { await import("./modules/data.json"); } catch (e) { console.log(e.code); }
try { star.count = 5; } catch (e) { console.log(e.name); }
