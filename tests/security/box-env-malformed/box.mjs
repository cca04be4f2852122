// node: spawn environments with NUL bytes, '=' in names, huge values
import { spawnSync } from "node:child_process";
const t = (k, env) => { try { const r = spawnSync("/bin/sh", ["-c", "echo ${#BIG} $a"], { env, encoding: "utf8" }); console.log(k, r.error?.code ?? r.status, (r.stdout ?? "").trim()); } catch (e) { console.log(k, e.code); } };
t("nul", { a: "x\0y" }); t("nulName", { "a\0b": "x" }); t("eqName", { "a=b": "c" }); t("big", { BIG: "v".repeat(1e6) }); t("huge", { BIG: "v".repeat(3e6) });
t("many", Object.fromEntries(Array.from({ length: 20000 }, (_, i) => [`V${i}`, "x"])));
console.log("done");
