// rm -r of work trees holding links to outside, to the read-only dir, to
// / and to ..: only the links go; nothing they point to is touched.
// (The links to outside are made by the host: the guest may not.)
import fs from "node:fs";
import fsp from "node:fs/promises";
import { hostLink } from "./hostlink.mjs";
const make = (root) => {
  fs.mkdirSync(root + "/a/b", { recursive: true });
  fs.writeFileSync(root + "/a/b/own.txt", "own");
  const links = { "out": "$O", "out-file": "$O/secret.txt", "out-keep": "$O/keep", "out-rel": "../../../../outside", "ro": "$R",
    "ro-file": "$R/data.txt", "root": "/", "up": "..", "upup": "../../../..", "ro-rel": "../../../../ro" };
  const inside = ["ro", "ro-file", "up", "ro-rel"];
  for (const [n, t] of Object.entries(links)) (inside.includes(n) ? fs.symlinkSync : hostLink)(t, `${root}/a/b/${n}`);
  hostLink("$O/keep", root + "/top-link");
};
const t = async (label, f) => { try { await f(); console.log(`[${label}] done`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
make("t1"); await t("rmSync", () => fs.rmSync("t1", { recursive: true, force: true }));
make("t2"); await t("promises.rm", () => fsp.rm("t2", { recursive: true }));
make("t3"); await t("rmdirSync-recursive", () => fs.rmdirSync("t3", { recursive: true }));
make("t4"); await t("callback rm", () => new Promise((res, rej) => fs.rm("t4", { recursive: true }, (e) => (e ? rej(e) : res()))));
make("t5");
for (const n of ["out", "out-keep", "ro", "root", "up", "out-rel"]) await t(`rm-link-slash ${n}`, () => fs.rmSync(`t5/a/b/${n}/`, { recursive: true, force: true }));
await t("rm-top-link-slash", () => fs.rmSync("t5/top-link/", { recursive: true }));
// through a link to outside: refused (the exact code is fs-outside-write-codes' business)
const refused = async (label, f) => { try { await f(); console.log(`[${label}] done`); } catch (e) { console.log(`[${label}] ${["ENOENT", "EACCES"].includes(e.code) ? "refused" : e.code}`); } };
await refused("rm-through-link", () => fs.rmSync("t5/top-link/sub", { recursive: true }));
await refused("rm-through-link-file", () => fs.rmSync("t5/a/b/out/secret.txt"));
await t("rm-outside-abs", () => fs.rmSync("$O", { recursive: true }));
await t("rm-outside-abs-force", () => fs.rmSync("$O/keep", { recursive: true, force: true }));
await t("rm-ro", () => fs.rmSync("$R", { recursive: true, force: true }));
await t("rm-parent", () => fs.rmSync("..", { recursive: true, force: true }));
await t("rm-root", () => fs.rmSync("/", { recursive: true, force: true }));
console.log("left:", fs.readdirSync(".").sort().join(","));
console.log("ro still:", fs.readFileSync("$R/data.txt", "utf8").trim());
