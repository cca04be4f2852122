// import.meta.resolve and require.resolve of outside files: whatever they
// answer, it is the same for an existing and a missing file, and importing
// the answer fails.
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const pairs = { "abs": ["$O/evil.mjs", "$O/nosuch.mjs"], "dotdot": ["../outside/evil.mjs", "../outside/nosuch.mjs"],
  "url": ["file://$O/evil.mjs", "file://$O/nosuch.mjs"], "noext": ["../outside/evil", "../outside/nosuch"] };
const shape = (f, s) => { try { const r = f(s); return typeof r === "string" ? "url" : "other"; } catch (e) { return e.code; } };
for (const [label, [a, b]] of Object.entries(pairs)) {
  const ra = shape(import.meta.resolve, a), rb = shape(import.meta.resolve, b);
  console.log(`[${label} meta] ${ra === rb ? "same" : "DIFFERENT"} ${ra}`);
  const qa = shape(require.resolve, a), qb = shape(require.resolve, b);
  console.log(`[${label} require] ${qa === qb ? "same" : "DIFFERENT"} ${qa}`);
  let url; try { url = import.meta.resolve(a); } catch { url = a; }
  await import(url).then(() => console.log(`[${label} import-result] IMPORTED`), (e) => console.log(`[${label} import-result] ${e.code}`));
}
