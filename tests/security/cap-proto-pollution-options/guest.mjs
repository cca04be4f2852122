// Options the sandbox's fs reads off option objects, planted on
// Object.prototype: a read turned into a write (flag "w"), recursive
// deletes and copies, a different encoding, a mode. The walls hold, and
// what the guest owns is all that can change.
import fs from "node:fs";
const o = (s) => process.stdout.write(s + "\n");
fs.mkdirSync("keep/inner", { recursive: true });
fs.writeFileSync("keep/inner/f.txt", "kept");
const plant = { flag: "w", flags: "w", recursive: true, force: true, mode: 0o777, encoding: "latin1", dereference: true, errorOnExist: false, withFileTypes: true, filter: () => true, throwIfNoEntry: false };
for (const [k, v] of Object.entries(plant)) Object.prototype[k] = v;
const t = (l, f) => { try { const r = f(); o(`[${l}] ${r === undefined ? "done" : String(r).slice(0, 50)}`); } catch (e) { o(`[${l}] ${e.code ?? e.name}`); } };
t("read-ro-with-flag-w", () => fs.readFileSync("$R/data.txt"));
t("read-ro-opts-flag-w", () => fs.readFileSync("$R/data.txt", {}));
t("open-ro", () => fs.openSync("$R/data.txt"));
t("stream-ro", () => { fs.createReadStream("$R/data.txt").on("error", () => {}); });
t("rm-ro-dir", () => fs.rmSync("$R"));
t("rmdir-ro", () => fs.rmdirSync("$R"));
t("rm-outside", () => fs.rmSync("$O"));
t("cp-outside-in", () => fs.cpSync("$O", "copied"));
t("cp-in-outside", () => fs.cpSync("keep", "$O/copied"));
t("mkdir-outside", () => fs.mkdirSync("$O/made/deep"));
t("write-outside", () => fs.writeFileSync("$O/pwned", "x"));
t("read-outside", () => fs.readFileSync("$O/secret.txt"));
for (const k of Object.keys(plant)) delete Object.prototype[k];
o("keep intact: " + fs.readFileSync("keep/inner/f.txt", "utf8"));
