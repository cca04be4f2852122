import { createRequire } from "node:module";
import { hello } from "fx-cjs";
console.log("allowed", hello());
const n = ["fx", "local"].join("-");
try { console.log(await import(n)); } catch (e) { console.log("import refused", e.code); }
try { console.log(createRequire(import.meta.url)(n)); } catch (e) { console.log("require refused", e.code); }
