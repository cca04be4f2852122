// Planted links inside the mounts work, and keep each mount's rules.
import fs from "node:fs";
const t = (label, f) => { try { const r = f(); console.log(`[${label}] ${r === undefined ? "ALLOWED" : String(r).trim()}`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
t("read-ro-file", () => fs.readFileSync("to-ro-file", "utf8"));
t("read-ro-dir", () => fs.readFileSync("to-ro-dir/data.txt", "utf8"));
t("read-self", () => fs.readFileSync("self/self/self/to-ro-file", "utf8"));
t("write-ro-file", () => fs.writeFileSync("to-ro-file", "pwned"));
t("append-ro-file", () => fs.appendFileSync("self/to-ro-file", "pwned"));
t("write-ro-dir", () => fs.writeFileSync("to-ro-dir/new.txt", "x"));
t("mkdir-ro-dir", () => fs.mkdirSync("to-ro-dir/newdir"));
t("unlink-via-ro-dir", () => fs.unlinkSync("to-ro-dir/data.txt"));
t("chmod-ro-file", () => fs.chmodSync("to-ro-file", 0o777));
t("utimes-ro-file", () => fs.utimesSync("to-ro-file", 1, 1));
t("loop", () => fs.readFileSync("loop1"));
t("loop-write", () => fs.writeFileSync("loop2", "x"));
t("ro-back-to-work", () => { fs.writeFileSync("$R/to-work/via-ro.txt", "ok"); return fs.readFileSync("via-ro.txt", "utf8"); });
t("ro-back-to-work-up", () => fs.readFileSync("$R/to-work/../outside/secret.txt"));
