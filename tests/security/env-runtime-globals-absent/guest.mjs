// Other runtimes' environment APIs are absent; import.meta has no env.
const t = (l, f) => { try { console.log(l, JSON.stringify(f()) ?? "undefined"); } catch (e) { console.log(l, "threw", e.name); } };
t("Deno", () => typeof Deno);
t("Bun", () => typeof Bun);
t("Deno.env", () => globalThis.Deno?.env?.toObject?.());
t("Bun.env", () => globalThis.Bun?.env);
t("import.meta.env", () => import.meta.env);
t("globalThis.env", () => globalThis.env);
t("process.env === itself", () => process.env === process.env);
t("getBuiltinModule", () => typeof process.getBuiltinModule);
t("loadEnvFile", () => { process.loadEnvFile?.("../outside/secret.txt"); return Object.keys(process.env); });
