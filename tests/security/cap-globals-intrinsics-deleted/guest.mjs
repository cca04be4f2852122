// JS intrinsics (Promise, Map, Set, Object, String, Symbol, Error, Math,
// Uint8Array)
// deleted from the global object: in Node the runtime keeps its own copies,
// so its APIs keep working and an uncaught error is still reported as such.
const out = process.stdout, st = setTimeout, E = Error;
for (const k of ["Promise", "Map", "Set", "Object", "String", "Symbol", "Error", "Math", "Uint8Array"]) delete globalThis[k];
out.write("deleted\n");
const fs = await import("node:fs");
fs.writeFileSync("x.txt", "ok");
out.write("fs " + fs.readFileSync("x.txt", "utf8") + "\n");
try { fs.readFileSync("$O/secret.txt"); out.write("outside READ\n"); } catch (e) { out.write("outside " + e.code + "\n"); }
st(() => { out.write("timer fired\n"); throw new E("uncaught after deleting intrinsics"); }, 1);
