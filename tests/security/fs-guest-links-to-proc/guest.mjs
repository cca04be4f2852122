// Links to /proc and /dev paths, made at run time (by the host: the guest
// may not make them), resolve in the guest's namespace, where those do not
// exist.
import fs from "node:fs";
import { hostLink } from "./hostlink.mjs";
const links = { "root": "/proc/self/root", "cwd": "/proc/self/cwd", "fd3": "/proc/self/fd/3", "fd1": "/proc/self/fd/1",
  "devfd": "/dev/fd", "thread": "/proc/thread-self/root", "init": "/proc/1/root", "rel": "../../../../../../../../proc/self/root" };
for (const [name, target] of Object.entries(links)) hostLink(target, name);
const t = (label, f) => { try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
t("root-read", () => fs.readFileSync("root$O/secret.txt"));
t("root-etc", () => fs.readFileSync("root/etc/passwd"));
t("cwd-read", () => fs.readFileSync("cwd/../outside/secret.txt"));
t("fd3-read", () => fs.readFileSync("fd3"));
t("devfd-read", () => fs.readFileSync("devfd/3"));
t("thread-read", () => fs.readFileSync("thread$O/secret.txt"));
t("init-read", () => fs.readFileSync("init$O/secret.txt"));
t("rel-read", () => fs.readFileSync("rel$O/secret.txt"));
t("root-readdir", () => fs.readdirSync("root/"));
t("root-realpath", () => fs.realpathSync("root"));
t("fd1-write", () => fs.writeFileSync("fd1", "x"));
t("root-write", () => fs.writeFileSync("root$O/pwned", "x"));
t("cwd-write", () => fs.writeFileSync("cwd/../outside/pwned", "x"));
t("root-mkdir", () => fs.mkdirSync("root$O/pwned-dir"));
console.log("readlink keeps the text:", fs.readlinkSync("root"));
