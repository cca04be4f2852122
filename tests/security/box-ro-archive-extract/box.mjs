// node: tar started from node, cpSync and streams into the read-only mount
import fs from "node:fs";
import { spawnSync } from "node:child_process";
import { pipeline } from "node:stream/promises";
fs.mkdirSync("/tmp/src"); fs.writeFileSync("/tmp/src/p.txt", "payload");
spawnSync("tar", ["-cf", "/tmp/a.tar", "-C", "/tmp", "src"]);
console.log("tar", spawnSync("tar", ["-xf", "/tmp/a.tar", "-C", "/ro"], { stdio: "ignore" }).status);
try { fs.cpSync("/tmp/src", "/ro/src", { recursive: true }); console.log("DID cpSync"); } catch (e) { console.log("cpSync", e.code); }
try { await pipeline(fs.createReadStream("/tmp/a.tar"), fs.createWriteStream("/ro/a.tar")); console.log("DID stream"); } catch (e) { console.log("stream", e.code); }
try { await fs.promises.cp("/tmp/src", "/ro/src2", { recursive: true }); console.log("DID cp"); } catch (e) { console.log("cp", e.code); }
console.log(fs.readdirSync("/ro"), "done");
