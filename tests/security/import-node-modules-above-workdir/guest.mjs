// Packages and a package.json above the work dir are not part of the
// guest's world: bare names are not found there, "#imports" of the parent
// package.json are not defined, and its "type" does not apply.
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const t = async (label, f) => { try { await f(); console.log(`[${label}] LOADED`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
await t("import-parent-pkg", () => import("evilpkg"));
await t("require-parent-pkg", () => require("evilpkg"));
await t("resolve-parent-pkg", () => require.resolve("evilpkg"));
await t("import-parent-subpath", () => import("evilpkg/index.js"));
await t("import-outside-pkg", () => import("evilpkg2"));
await t("import-hash", () => import("#evil"));
await t("require-hash", () => require("#evil"));
console.log("paths:", JSON.stringify(require.resolve.paths("evilpkg")).includes("node_modules"));
