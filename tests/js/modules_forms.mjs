// differential
// ES module semantics that must hold whether a module runs as a plain
// function (outside every cycle) or paused after linking (on a cycle):
// live bindings, hoisting, TDZ across a cycle, export *, namespaces.
import Leaf, { count, inc, hoisted } from "./modules/forms/leaf.mjs";
import * as leaf from "./modules/forms/leaf.mjs";
import * as mid from "./modules/forms/mid.mjs";
import { seen, used } from "./modules/forms/cyc_a.mjs";
import { b_tdz } from "./modules/forms/cyc_b.mjs";
import { keys } from "./modules/forms/self.mjs";
import * as order from "./modules/forms/order.mjs";
import { v as prefixed } from "./modules/forms/prefix.mjs";

console.log(new Leaf().name(), count, inc(), count, hoisted, leaf["string name"]);
console.log(Object.keys(leaf), Object.isExtensible(leaf));
const d = Object.getOwnPropertyDescriptor(leaf, "count");
console.log(d.enumerable, d.configurable);
console.log(Object.keys(mid), mid.before, mid.after, mid.leafNs === leaf, mid.count === leaf.count);
console.log(seen, used, b_tdz, keys);
console.log(Object.keys(order), globalThis.__order, prefixed);
try { leaf.count = 9; } catch (e) { console.log(e.name); }
try { delete leaf.count; } catch (e) { console.log(e.name); }
for (let i = 0; i < 2; i++) {
  try { await import("./modules/forms/throws.mjs"); } catch (e) { console.log("import failed:", e.message); }
}
const again = await import("./modules/forms/leaf.mjs");
console.log(again === leaf, again.count);
