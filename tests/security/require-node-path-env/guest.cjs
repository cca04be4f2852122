// NODE_PATH (and NODE_OPTIONS --require) pointing outside, passed as
// variables the guest may see, add no search path and preload nothing.
console.log("NODE_PATH is visible:", typeof process.env.NODE_PATH === "string");
for (const s of ["evilpkg", "evilpkg2", "evil.cjs", "evil"]) {
  try { require(s); console.log(`[${s}] REQUIRED`); } catch (e) { console.log(`[${s}] ${e.code}`); }
}
import("evilpkg").then(() => console.log("[import evilpkg] IMPORTED"), (e) => console.log(`[import evilpkg] ${e.code}`));
