// as agent, from node: the owner's own mode bits hold against the owner
import fs from "node:fs";
import { execFileSync } from "node:child_process";
process.chdir("/tmp");
fs.writeFileSync("f", "s"); fs.chmodSync("f", 0);
const t = (k, f) => { try { f(); console.log("DID", k); } catch (e) { console.log(k, e.code ?? e.status); } };
t("read000", () => fs.readFileSync("f")); t("write000", () => fs.appendFileSync("f", "x"));
fs.mkdirSync("d"); fs.writeFileSync("d/known", "k"); fs.chmodSync("d", 0o500);
t("create500", () => fs.writeFileSync("d/new", "x")); t("unlink500", () => fs.unlinkSync("d/known")); t("rename500", () => fs.renameSync("d/known", "d/k2"));
fs.chmodSync("d", 0o300); t("list300", () => fs.readdirSync("d"));
fs.writeFileSync("s", "#!/bin/sh\necho ran\n"); fs.chmodSync("s", 0o600); t("exec600", () => execFileSync("./s", { stdio: "pipe" }));
fs.chmodSync("d", 0o700); console.log(fs.readFileSync("d/known", "utf8"), "done");
