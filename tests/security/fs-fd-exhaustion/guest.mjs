// Using up every fd: opens fail with EMFILE, the walls hold while fds are
// short, and everything works again once they are closed.
import fs from "node:fs";
fs.writeFileSync("f.txt", "x");
const fds = [];
let err;
for (let i = 0; i < 10000; i++) { try { fds.push(fs.openSync("f.txt", "r")); } catch (e) { err = e.code; break; } }
console.log("stopped with", err);
const t = (label, f) => { try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code === "EMFILE" || e.code === "ENFILE" ? "short" : e.code}`); } };
t("read-outside", () => fs.readFileSync("$O/secret.txt"));
t("read-dotdot", () => fs.readFileSync("../outside/secret.txt"));
t("write-outside", () => fs.writeFileSync("$O/pwned", "x"));
t("write-ro", () => fs.writeFileSync("$R/data.txt", "x"));
t("readdir-parent", () => fs.readdirSync(".."));
await import("$O/evil.mjs").then(() => console.log("[import-outside] ALLOWED"), (e) => console.log(`[import-outside] ${e.code}`));
for (const fd of fds) fs.closeSync(fd);
console.log("after closing:", fs.readFileSync("$R/data.txt", "utf8").trim());
t("read-outside-after", () => fs.readFileSync("$O/secret.txt"));
