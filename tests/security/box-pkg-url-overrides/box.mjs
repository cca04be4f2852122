// node: npm and pip started from node, aimed at the trap on $PB
import { spawnSync } from "node:child_process";
import fs from "node:fs";
process.chdir("/work"); fs.writeFileSync("package.json", '{"name":"p","version":"1.0.0"}');
const T = "http://127.0.0.1:$PB";
for (const a of [["npm", "install", "--registry", `${T}/`, "left-pad"], ["npm", "install", `${T}/x.tgz`], ["pip", "install", "--index-url", `${T}/simple`, "six"],
  ["pip", "install", `${T}/six-1.0-py3-none-any.whl`]]) {
  const r = spawnSync(a[0], a.slice(1), { encoding: "utf8", env: { ...process.env, npm_config_registry: `${T}/` } });
  console.log(a.join(" ").replace(T, "T"), r.status);
}
console.log("done");
