import fs from "node:fs"; for (const p of ["abs", "rel", "dir/secret.txt"]) { try { console.log(fs.readFileSync(p, "utf8")); } catch (e: any) { console.log(p, e.code); } }
