// A NUL byte in a path is refused whatever carries it (string, Buffer,
// Uint8Array, file: URL with %00): ERR_INVALID_ARG_VALUE, and nothing is
// read or written at the part before the NUL. (No "/.." after the NUL:
// a URL parser would fold it away with the NUL.)
import fs from "node:fs";
import { Buffer } from "node:buffer";
const enc = (s) => new TextEncoder().encode(s);
const forms = {
  "string": (s) => s, "buffer": (s) => Buffer.from(s), "uint8array": (s) => enc(s),
  "url": (s) => new URL("file://" + s.replace(/\0/g, "%00")),
};
for (const [form, make] of Object.entries(forms)) {
  const t = (label, f) => { try { f(); console.log(`[${form} ${label}] ALLOWED`); } catch (e) { console.log(`[${form} ${label}] ${e.code}`); } };
  t("read-ro", () => fs.readFileSync(make("$R/data.txt\0.bak")));
  t("read-out", () => fs.readFileSync(make("$O/secret.txt\0")));
  t("stat-ro", () => fs.statSync(make("$R/data.txt\0x")));
  t("write", () => fs.writeFileSync(make("$W/" + form + ".txt\0.js"), "x"));
  t("mkdir", () => fs.mkdirSync(make("$W/" + form + "-dir\0x")));
  t("symlink", () => fs.symlinkSync("$O", make("$W/" + form + "-link\0x")));
  t("open", () => fs.openSync(make("$R/data.txt\0"), "r"));
}
console.log("entries:", JSON.stringify(fs.readdirSync(".").filter((n) => n !== "guest.mjs")));
