// any package is allowed, but one the pre-run scan did not see is not
// fetched while the code runs
import d from "fx-declared";
console.log("dep", d.viaDep);
const n = ["fx", "chain", "e"].join("-");
try { await import(n); console.log("IMPORTED"); } catch (e) { console.log("refused", e.code); }
