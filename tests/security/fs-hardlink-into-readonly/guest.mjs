// Hard links whose new name is in the read-only dir (or outside) are refused.
import fs from "node:fs";
fs.writeFileSync("mine.txt", "mine");
fs.symlinkSync("$R", "r");
const t = (label, f) => { try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${e.code}`); } };
t("into-ro", () => fs.linkSync("mine.txt", "$R/mine.txt"));
t("into-ro-rel", () => fs.linkSync("mine.txt", "../ro/mine.txt"));
t("into-ro-symlink", () => fs.linkSync("mine.txt", "r/mine.txt"));
t("ro-to-ro", () => fs.linkSync("$R/data.txt", "$R/data2.txt"));
t("over-ro-file", () => fs.linkSync("mine.txt", "$R/data.txt"));
t("into-outside", () => fs.linkSync("mine.txt", "$O/mine.txt"));
t("into-parent", () => fs.linkSync("mine.txt", "../mine.txt"));
