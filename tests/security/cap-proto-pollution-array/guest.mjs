// Array.prototype methods replaced (wrapped, and some lying) before the
// sandbox's fs/console/fetch code runs: the walls hold, the APIs work.
import fs from "node:fs";
let calls = 0;
for (const m of ["push", "pop", "shift", "unshift", "slice", "splice", "join", "map", "filter", "forEach", "indexOf", "includes", "concat", "reduce", "some", "every", "find", "sort", "reverse", "keys", "values", "entries", Symbol.iterator]) {
  const orig = Array.prototype[m];
  Array.prototype[m] = function (...a) { calls++; return orig.apply(this, a); };
}
// path segments "normalised" away: a join that drops every ".."
const join = Array.prototype.join;
Array.prototype.join = function (sep) { return join.call(Array.prototype.filter.call(this, (s) => s !== ".."), sep); };
const o = (s) => process.stdout.write(s + "\n");
try { fs.writeFileSync("a.txt", "hello"); o("write " + fs.readFileSync("a.txt", "utf8")); } catch (e) { o("write " + e.message); }
try { fs.readFileSync("$O/secret.txt"); o("outside READ"); } catch (e) { o("outside " + e.code); }
try { fs.readFileSync("../outside/secret.txt"); o("dotdot READ"); } catch (e) { o("dotdot " + e.code); }
try { fs.writeFileSync("$R/data.txt", "x"); o("ro WRITTEN"); } catch (e) { o("ro " + e.code); }
try { fs.writeFileSync("../outside/pwned", "x"); o("dotdot-write WRITTEN"); } catch (e) { o("dotdot-write " + e.code); }
try { o("readdir " + fs.readdirSync(".").length); } catch (e) { o("readdir " + e.message); }
try { console.log("console", [1, 2], { a: 1 }); } catch (e) { o("console " + e.message); }
try { await fs.promises.readFile("../outside/secret.txt"); o("promises READ"); } catch (e) { o("promises " + e.code); }
try { await fetch("http://127.0.0.1:9/"); o("fetch OK"); } catch (e) { o("fetch refused"); }
o("wrappers ran: " + (calls > 0));
