// A planted link that points outside must stop the run before any guest
// code: this must never print.
import fs from "node:fs";
console.log("GUEST RAN");
for (const p of fs.readdirSync(".")) { try { console.log(p, fs.readFileSync(p, "utf8")); } catch (e) { console.log(p, e.code); } }
