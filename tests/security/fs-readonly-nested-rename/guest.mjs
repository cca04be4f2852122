// A read-only dir inside the work dir ($W/a/b). Renaming its parent (a ->
// c) must not give the read-only files a writable name: either the rename
// is refused, or c/b is still read-only.
import fs from "node:fs";
const t = (label, f) => { try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
t("direct-write", () => fs.writeFileSync("a/b/data.txt", "pwned"));
try { fs.renameSync("a", "c"); console.log("renamed a -> c"); } catch (e) { console.log(`rename refused: ${e.code}`); }
const at = fs.existsSync("c/b") ? "c/b" : "a/b";
t("write-after-rename", () => fs.writeFileSync(`${at}/data.txt`, "pwned"));
t("new-after-rename", () => fs.writeFileSync(`${at}/new.txt`, "x"));
t("unlink-after-rename", () => fs.unlinkSync(`${at}/data.txt`));
try { fs.renameSync(at.split("/")[0], "elsewhere"); } catch {}
const now = ["elsewhere/b", "c/b", "a/b"].find((p) => fs.existsSync(p + "/data.txt"));
t("write-after-second-rename", () => fs.writeFileSync(`${now}/data.txt`, "pwned"));
console.log("content:", now ? fs.readFileSync(`${now}/data.txt`, "utf8").trim() : "GONE");
