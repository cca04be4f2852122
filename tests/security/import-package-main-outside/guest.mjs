// Packages (and a local directory) whose "main" points outside.
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
for (const s of ["rel", "abs", "dotrel", "dir", "./localdir", "./localdir/"]) {
  await import(s).then(() => console.log(`[import ${s}] LOADED`), (e) => console.log(`[import ${s}] ${e.code}`));
  try { require(s); console.log(`[require ${s}] LOADED`); } catch (e) { console.log(`[require ${s}] ${e.code}`); }
}
