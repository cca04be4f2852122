// node: the installed package's files rewritten through node's fs: the
// host's cache keeps its bytes
import fs from "node:fs";
import { execSync } from "node:child_process";
process.chdir("/work"); fs.writeFileSync("package.json", '{"name":"p","version":"1.0.0"}');
execSync("npm install --no-audit --no-fund fx-cjs", { stdio: "ignore" });
for (const f of fs.readdirSync("node_modules/fx-cjs")) { const p = `node_modules/fx-cjs/${f}`; if (fs.statSync(p).isFile()) { fs.appendFileSync(p, "\nPOISON"); fs.truncateSync(p, 3); } }
console.log("rewritten done");
