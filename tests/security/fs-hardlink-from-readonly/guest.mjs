// A hard link from the read-only dir into the work dir would be a
// writable name for a read-only file. It must be refused (EXDEV, as
// between two mounts), and no write through any name may change it.
import fs from "node:fs";
fs.symlinkSync("$R", "r");
const t = (label, f) => { try { const r = f(); console.log(`[${label}] ${r === undefined ? "ALLOWED" : r}`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
t("link-abs", () => fs.linkSync("$R/data.txt", "h1"));
t("link-rel", () => fs.linkSync("../ro/data.txt", "h2"));
t("link-via-symlink", () => fs.linkSync("r/data.txt", "h3"));
for (const h of ["h1", "h2", "h3"]) {
  t(`write-${h}`, () => { if (!fs.existsSync(h)) throw { code: "no-link" }; fs.writeFileSync(h, "pwned"); });
  t(`truncate-${h}`, () => { if (!fs.existsSync(h)) throw { code: "no-link" }; fs.truncateSync(h, 0); });
  t(`chmod-${h}`, () => { if (!fs.existsSync(h)) throw { code: "no-link" }; fs.chmodSync(h, 0o777); });
}
console.log("data:", fs.readFileSync("$R/data.txt", "utf8").trim());
