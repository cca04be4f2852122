// A read-only dir inside the work dir ($W/a/b): a hard link from it to a
// work-dir name would make its file writable. Refused (EXDEV).
import fs from "node:fs";
const t = (label, f) => { try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
t("link", () => fs.linkSync("a/b/data.txt", "h1"));
t("link-dotdot", () => fs.linkSync("a/b/deeper/../data.txt", "a/h2"));
for (const h of ["h1", "a/h2"]) if (fs.existsSync(h)) t(`write ${h}`, () => fs.writeFileSync(h, "pwned"));
console.log("content:", fs.readFileSync("a/b/data.txt", "utf8").trim());
