// An error about an fd says nothing about paths outside the sandbox: the
// note "(outside the directories the sandbox allows ...)" belongs to the
// call whose path was outside, not to the next fd call after it.
import fs from "node:fs";
try { fs.readFileSync("$O/secret.txt"); } catch (e) { console.log("[path] mentions outside:", /outside the directories/.test(e.message)); }
for (const [op, f] of [["read", () => fs.readSync(42, new Uint8Array(4))], ["fstat", () => fs.fstatSync(42)], ["close", () => fs.closeSync(42)], ["write", () => fs.writeSync(42, "x")]]) {
  try { f(); } catch (e) { console.log(`[${op}] ${e.code} mentions outside: ${/outside the directories/.test(e.message)}`); }
}
fs.writeFileSync("in.txt", "x");
try { fs.readFileSync("$O/secret.txt"); } catch {}
try { fs.mkdirSync("in.txt"); } catch (e) { console.log(`[mkdir-exists] ${e.code} mentions outside: ${/outside the directories/.test(e.message)}`); }
