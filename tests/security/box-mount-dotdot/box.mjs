import fs from "node:fs";
for (const p of ["/work/../secret.txt", "../secret.txt", "/ro/../../secret.txt", "$W/../secret.txt", "/work/../outside/secret.txt"]) {
  try { console.log("READ", p, fs.readFileSync(p, "utf8")); } catch (e) { console.log(p, e.code); }
}
console.log(fs.readdirSync("/work/..").includes("outside") ? "LISTED-HOST" : "box root");
process.chdir("/work/.."); console.log(process.cwd());
console.log("done");
