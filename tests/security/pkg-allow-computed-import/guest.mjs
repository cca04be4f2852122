// A name built at run time (invisible to the pre-run scan) that is not on
// the list: refused, and nothing is fetched for it while the code runs.
import { hello } from "fx-cjs";
console.log("allowed", hello());
const name = ["fx", "esm"].join("-");
for (const spec of [name, name + "/index.js", "npm:" + name, "npm:" + name + "@1"]) {
  try { await import(spec); console.log(spec.length, "IMPORTED"); } catch (e) { console.log("refused", e.code); }
}
