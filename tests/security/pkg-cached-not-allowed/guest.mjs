// fx-esm sits in the cache from an earlier run; this run allows fx-cjs only
import fs from "node:fs";
import { createRequire } from "node:module";
import { hello } from "fx-cjs";
console.log("allowed", hello());
const n = ["fx", "esm"].join("-");
try { await import(n); console.log("IMPORTED"); } catch (e) { console.log("import refused", e.code); }
try { createRequire(import.meta.url)(n); console.log("REQUIRED"); } catch (e) { console.log("require refused", e.code); }
try { fs.readFileSync("/node_modules/" + n + "/package.json"); console.log("READABLE"); } catch (e) { console.log("read", e.code); }
let listing; try { listing = fs.readdirSync("/node_modules").join(","); } catch (e) { listing = e.code; }
console.log("listing:", listing);
