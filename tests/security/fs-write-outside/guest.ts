import fs from "node:fs"; try { fs.writeFileSync("$O/new.txt", "x"); console.log("written"); } catch (e: any) { console.log(e.code); }
try { fs.writeFileSync("$O/secret.txt", "overwritten"); } catch (e: any) { console.log(e.code); }
