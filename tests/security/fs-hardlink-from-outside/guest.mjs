// fs.link from outside paths to inside names: the source does not exist
// for the guest (ENOENT); linking a link that points outside is refused
// (EACCES), as making one is: it would leave a link to outside in the work
// dir. (The links to outside are made by the host: the guest may not.)
import fs from "node:fs";
import { hostLink } from "./hostlink.mjs";
hostLink("$O", "out"); hostLink("$O/secret.txt", "secret-link");
const t = (label, f) => { try { const r = f(); console.log(`[${label}] ${r === undefined ? "ALLOWED" : r}`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
t("abs", () => fs.linkSync("$O/secret.txt", "h1"));
t("rel", () => fs.linkSync("../outside/secret.txt", "h2"));
t("dotdot-abs", () => fs.linkSync("$W/../outside/secret.txt", "h3"));
t("via-dir-link", () => fs.linkSync("out/secret.txt", "h4"));
t("via-proc", () => fs.linkSync("/proc/self/root$O/secret.txt", "h5"));
t("parent-secret", () => fs.linkSync("../secret.txt", "h6"));
t("etc", () => fs.linkSync("/etc/passwd", "h7"));
t("url", () => fs.linkSync(new URL("file://$O/secret.txt"), "h8"));
t("link-the-link", () => fs.linkSync("secret-link", "h9"));
t("read-h9", () => fs.readFileSync("h9", "utf8"));
t("write-secret-link", () => fs.writeFileSync("secret-link", "pwned"));
t("read-secret-link", () => fs.readFileSync("secret-link", "utf8"));
await import("node:fs/promises").then((m) => m.link("$O/secret.txt", "h10")).then(() => console.log("[promises-link] ALLOWED"), (e) => console.log(`[promises-link] ${e.code}`));
console.log("left:", fs.readdirSync(".").filter((n) => /^h\d/.test(n)).join(","));
