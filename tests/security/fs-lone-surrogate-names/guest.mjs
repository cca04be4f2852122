// A lone surrogate in a name becomes U+FFFD on the way to C, as in Node;
// it must never be dropped, which would give "a\uD800" the file "a" and
// ".\uD800." the meaning "..".
import fs from "node:fs";
const t = (label, f) => { try { console.log(`[${label}]`, f()); } catch (e) { console.log(`[${label}]`, e.code); } };
fs.writeFileSync("a", "the file a");
fs.mkdirSync("d");
t("read a+surrogate", () => fs.readFileSync("a\ud800", "utf8"));
t("write b+surrogate", () => { fs.writeFileSync("b\ud800", "x"); return fs.readdirSync(".").filter((n) => n.startsWith("b")).map((n) => n.codePointAt(1).toString(16)).join(); });
t("stat b alone", () => fs.existsSync("b"));
t("dotdot by surrogate", () => fs.readdirSync("d/.\udc00.").join());
t("escape by surrogate", () => fs.readFileSync("d/.\ud800./.\ud800./.\ud800./.\ud800./.\ud800./.\ud800./etc/passwd", "utf8"));
t("import a+surrogate", () => { fs.writeFileSync("m.mjs", "export default 1"); return "ok"; });
try { await import("./m\ud800.mjs"); console.log("[import m+surrogate] LOADED"); } catch (e) { console.log("[import m+surrogate]", e.code); }
try { await import("./m.mjs\0.json"); console.log("[import nul] LOADED"); } catch (e) { console.log("[import nul]", e.code); }
