// The errors cp and rm give for paths outside (or for links that point
// outside) are Node-style Error objects with a code and a message, not
// bare objects from the host layer.
import fs from "node:fs";
import { hostLink } from "./hostlink.mjs";
fs.mkdirSync("tree");
hostLink("$O/secret.txt", "tree/link"); // the guest may not make it
const t = (label, f) => { try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e instanceof Error ? "Error" : "not an Error"} ${e.code} ${typeof e.message === "string" && e.message.length > 0 ? "with message" : "no message"}`); } };
t("cp-outside-dir", () => fs.cpSync("$O", "copy", { recursive: true }));
t("cp-outside-file", () => fs.cpSync("$O/secret.txt", "copy.txt"));
t("cp-tree-with-link", () => fs.cpSync("tree", "copy2", { recursive: true }));
t("copyFile-outside", () => fs.copyFileSync("$O/secret.txt", "copy3.txt"));
t("rm-too-long", () => fs.rmSync("x".repeat(300)));
t("mkdir-p-too-long", () => fs.mkdirSync("y".repeat(300) + "/z", { recursive: true }));
