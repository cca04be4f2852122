// Threads and processes from worker_threads and cluster, with code that
// would write outside.
import wt from "node:worker_threads";
import cluster from "node:cluster";
import fs from "node:fs";
fs.writeFileSync("w.mjs", 'import fs from "node:fs"; fs.writeFileSync("$O/pwned", "x");');
const t = async (l, f) => { try { await f(); console.log(`${l}: STARTED`); } catch (e) { console.log(`${l}: ${e.code}: ${e.message}`); } };
await t("eval", () => new wt.Worker('require("fs").writeFileSync("$O/pwned", "x")', { eval: true }));
await t("file", () => new wt.Worker("./w.mjs"));
await t("url", () => new wt.Worker(new URL("./w.mjs", import.meta.url)));
await t("share-env", () => new wt.Worker("./w.mjs", { env: wt.SHARE_ENV }));
await t("resource-limits", () => new wt.Worker("./w.mjs", { resourceLimits: { maxOldGenerationSizeMb: 1e6 } }));
await t("cluster-fork", () => cluster.fork());
console.log("isMainThread", wt.isMainThread, "parentPort", wt.parentPort, "global Worker", typeof globalThis.Worker);
