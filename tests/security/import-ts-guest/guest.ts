// A TypeScript entry: typed dynamic imports, `import type` (erased), and
// type-only re-exports of outside files; nothing outside loads.
import type { Secret } from "../outside/evil.mjs";
export type { Secret as S2 } from "$O/evil.mjs";
type Mod = { default: string };
const specs: Record<string, string> = { dotdot: "../outside/evil.mjs", abs: "$O/evil.mjs", ts: "../outside/evil.ts", mid: "./x/../../outside/evil" };
for (const [label, s] of Object.entries(specs)) {
  await (import(s) as Promise<Mod>).then(() => console.log(`[${label}] IMPORTED`), (e: any) => console.log(`[${label}] ${e.code}`));
}
const x: Secret | undefined = undefined;
console.log("type-only imports were erased", x === undefined);
