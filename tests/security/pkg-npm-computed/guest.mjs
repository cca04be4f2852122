// an npm: specifier built at run time: nothing is installed while running
import { hello } from "fx-cjs";
console.log("allowed", hello());
try { await import("npm:" + ["fx", "esm"].join("-") + "@1"); console.log("IMPORTED"); }
catch (e) { console.log("refused", e.code); }
