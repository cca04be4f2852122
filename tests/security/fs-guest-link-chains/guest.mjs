// Chains of links made at run time, absolute and relative, through the
// read-only dir, and too long: all resolved in the guest's namespace.
// The guest makes the links that stay inside; the host (hostLink) makes
// the ones that, followed, lead outside, which the guest may not make.
import fs from "node:fs";
import { hostLink } from "./hostlink.mjs";
fs.mkdirSync("x/y/z", { recursive: true });
fs.symlinkSync("c1", "c0"); fs.symlinkSync("c2", "c1"); fs.symlinkSync("$W/c3", "c2"); hostLink("$O/secret.txt", "c3");
fs.symlinkSync("../../../r1", "x/y/z/r0"); fs.symlinkSync("x/y/../../r2", "r1"); hostLink("../outside/secret.txt", "r2");
fs.symlinkSync("$R", "ro"); hostLink("ro/../outside/secret.txt", "via-ro"); hostLink("ro/../outside", "via-ro-dir");
fs.symlinkSync("x/y/z", "deep"); hostLink("deep/../../../../outside/secret.txt", "via-deep");
hostLink("$W/..", "up"); hostLink("up/outside", "up-out"); hostLink("up-out/secret.txt", "up-out-secret");
for (let i = 0; i < 45; i++) fs.symlinkSync(i === 44 ? "$W/x" : `l${i + 1}`, `l${i}`);
fs.symlinkSync("self-a", "self-b"); fs.symlinkSync("self-b/x", "self-a");
const t = (label, f) => { try { const r = f(); console.log(`[${label}] ${r === undefined ? "ALLOWED" : String(r).trim()}`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
for (const p of ["c0", "c1", "c2", "c3", "x/y/z/r0", "r1", "r2", "via-ro", "via-ro-dir/secret.txt", "via-deep", "up-out-secret", "up-out/secret.txt", "up/secret.txt"]) {
  t(`read ${p}`, () => fs.readFileSync(p, "utf8"));
  t(`write ${p}`, () => fs.writeFileSync(p, "pwned"));
}
t("mkdir via-ro-dir/new", () => fs.mkdirSync("via-ro-dir/new"));
t("read l0 (45 links)", () => fs.readdirSync("l0"));
t("read l10 (35 links)", () => fs.readdirSync("l10").join(","));
t("self-loop", () => fs.readFileSync("self-a"));
t("realpath c0", () => fs.realpathSync("c0"));
t("realpath via-ro", () => fs.realpathSync("via-ro"));
