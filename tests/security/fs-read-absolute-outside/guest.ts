import fs from "node:fs"; try { console.log(fs.readFileSync("$O/secret.txt", "utf8")); } catch (e: any) { console.log(e.code); }
