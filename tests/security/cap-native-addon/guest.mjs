// Loading native code: a real shared object named .node, a fake one, one
// inside a package in the work dir's node_modules, process.dlopen.
import { createRequire } from "node:module";
import fs from "node:fs";
const require = createRequire(import.meta.url);
const t = async (l, f) => { try { await f(); console.log(`${l}: LOADED`); } catch (e) { console.log(`${l}: ${e.code}: ${e.message.replace(/\/\S*\//, "DIR/")}`); } };
await t("require-real", () => require("./real.node"));
await t("require-fake", () => require("./fake.node"));
await t("import-real", () => import("./real.node"));
await t("require-package", () => require("native-pkg"));
await t("dlopen-real", () => process.dlopen({ exports: {} }, fs.realpathSync("real.node")));
await t("dlopen-libc", () => process.dlopen({ exports: {} }, "libc.so.6"));
