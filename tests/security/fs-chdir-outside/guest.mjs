// Moving the guest's cwd outside (process.chdir) is refused, and relative
// paths keep resolving against the work dir afterwards.
import fs from "node:fs";
const before = process.cwd();
for (const d of ["$O", "..", "/", "/tmp", "$R"]) {
  try { process.chdir(d); console.log(`[chdir ${d}] MOVED to ${process.cwd()}`); } catch (e) { console.log(`[chdir] refused ${e.code ?? ""}`); }
}
console.log("cwd unchanged:", process.cwd() === before && before === "$W");
try { fs.readFileSync("secret.txt"); console.log("[relative secret] READ"); } catch (e) { console.log(`[relative secret] ${e.code}`); }
try { fs.writeFileSync("here.txt", "x"); console.log("[relative write] in work dir:", fs.existsSync("$W/here.txt")); } catch (e) { console.log(`[relative write] ${e.code}`); }
