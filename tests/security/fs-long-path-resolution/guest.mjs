// Paths longer than PATH_MAX inside the work dir must resolve to the right
// place or fail with ENAMETOOLONG; never silently to somewhere else (a
// truncated realpath, ".." that lands on the wrong directory, a file
// written in another directory than named).
import fs from "node:fs";
const seg = "d".repeat(250);
const deep = "$W/deep/" + Array(24).fill(seg).join("/");
const check = (label, f, good) => {
  try { const r = f(); console.log(`[${label}] ${good(r) ? "correct" : "WRONG " + String(r).length}`); }
  catch (e) { console.log(`[${label}] ${e.code === "ENAMETOOLONG" ? "correct" : "WRONG " + e.code}`); }
};
check("realpath", () => fs.realpathSync(deep), (r) => r === deep);
check("realpath-file", () => fs.realpathSync(deep + "/f.txt"), (r) => r === deep + "/f.txt");
check("read", () => fs.readFileSync(deep + "/f.txt", "utf8"), (r) => r === "deep file\n");
const ups = "/..".repeat(25);
check("up-to-work", () => fs.readdirSync(deep + ups), (r) => r.includes("guest.mjs"));
check("up-to-ro", () => fs.readFileSync(deep + ups + "/../ro/data.txt", "utf8"), (r) => r === "read-only data\n");
check("up-one", () => fs.readFileSync(deep + "/../" + seg + "/f.txt", "utf8"), (r) => r === "deep file\n");
check("write-up-one", () => fs.writeFileSync(deep + "/../" + seg + "/g.txt", "x"), () => true);
// if g.txt was written, it is next to f.txt (where it was named), nowhere else
let misplaced = 0;
const walk = (dir) => { const names = fs.readdirSync(dir); if (names.includes("g.txt") && !names.includes("f.txt")) misplaced++; for (const n of names) if (fs.lstatSync(dir + "/" + n).isDirectory()) walk(dir + "/" + n); };
fs.renameSync("deep/" + Array(12).fill(seg).join("/"), "top");
walk("top"); walk("deep");
console.log("misplaced g.txt:", misplaced);
