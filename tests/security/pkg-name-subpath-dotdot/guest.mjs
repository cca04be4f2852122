// a subpath of an installed package that climbs out of it
const tries = ["fx-cjs/../../etc/passwd", "fx-cjs/../../../../etc/passwd", "fx-cjs/%2e%2e/%2e%2e/etc/passwd"];
for (const s of tries) {
  try { const m = await import(s); console.log("LOADED", JSON.stringify(m).slice(0, 80)); }
  catch (e) { console.log("refused", e.code || e.name); }
}
import("fx-cjs").then((m) => console.log("pkg", m.hello()));
