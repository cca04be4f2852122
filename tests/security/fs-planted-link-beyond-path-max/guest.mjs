// A planted link that points outside must stop the run before any guest
// code, however deep it is: this must never print.
import fs from "node:fs";
console.log("GUEST RAN");
// what a guest could do with it: bring it within reach by renaming its parents
const seg = "d".repeat(250);
fs.renameSync("a/" + Array(14).fill(seg).join("/"), "s");
const p = "s/" + Array(6).fill(seg).join("/") + "/esc";
try { fs.readFileSync(p + "/secret.txt"); console.log("READ"); } catch (e) { console.log("read", e.code); }
