// Buffer, Uint8Array and URL path arguments pointing outside: the same
// walls as strings (ENOENT for reads, EACCES for creates, EROFS in the
// read-only dir).
import fs from "node:fs";
import fsp from "node:fs/promises";
import { Buffer } from "node:buffer";
const forms = {
  "buffer": (s) => Buffer.from(s), "uint8array": (s) => new TextEncoder().encode(s),
  "url": (s) => new URL("file://" + (s.startsWith("/") ? s : "$W/" + s)),
  "url-localhost": (s) => new URL("file://localhost" + (s.startsWith("/") ? s : "$W/" + s)),
  "url-query-hash": (s) => new URL("file://" + (s.startsWith("/") ? s : "$W/" + s) + "?q=1#h"),
};
for (const [form, make] of Object.entries(forms)) {
  const t = (label, f) => { try { f(); console.log(`[${form} ${label}] ALLOWED`); } catch (e) { console.log(`[${form} ${label}] ${e.code}`); } };
  t("read-abs", () => fs.readFileSync(make("$O/secret.txt")));
  t("read-rel", () => fs.readFileSync(make("../outside/secret.txt")));
  t("readdir", () => fs.readdirSync(make("$O")));
  t("stat", () => fs.statSync(make("$O/secret.txt")));
  t("write", () => fs.writeFileSync(make("$O/pwned-" + form), "x"));
  t("write-ro", () => fs.writeFileSync(make("$R/data.txt"), "x"));
  t("copy-src", () => fs.copyFileSync(make("$O/secret.txt"), "stolen-" + form));
  t("rename-dest", () => { fs.writeFileSync("f-" + form, "x"); fs.renameSync(make("$W/f-" + form), make("$O/moved")); });
  await fsp.readFile(make("$O/secret.txt")).then(() => console.log(`[${form} promises] ALLOWED`), (e) => console.log(`[${form} promises] ${e.code}`));
}
