import fs from "node:fs";
console.log(fs.readFileSync("/tree/own.txt", "utf8").trim(), fs.readlinkSync("/tree/abs"));
for (const p of ["/tree/abs", "/tree/sub/rel", "/tree/dir/secret.txt"]) try { console.log("READ", fs.readFileSync(p, "utf8")); } catch (e) { console.log(p, e.code); }
console.log("done");
