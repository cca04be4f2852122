import fs from "node:fs";
process.chdir("/work");
for (const [t, n] of [["$O/secret.txt", "abs"], ["../outside/secret.txt", "up"], ["/etc/passwd", "boxabs"]]) {
  try { fs.symlinkSync(t, n); console.log("made", n); } catch (e) { console.log(n, e.code); }
  try { console.log("READ", fs.readFileSync(n, "utf8")); } catch (e) { console.log("read", n, e.code); }
}
try { fs.linkSync("$HOSTROOT/secret.txt", "hard"); console.log("LINKED"); } catch (e) { console.log("hard", e.code); }
console.log("done");
