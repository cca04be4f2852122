# a first run in the same work dir writes to process.env, then exits
cd "$W" && "$ACS" run --work-dir "$W" --env KEEP=first -c '
import fs from "node:fs";
process.env.LEAKED = "from-the-first-run";
process.env.KEEP = "changed";
process.env.PATH = "/evil/bin";
process.env.ACS_WALLS = "off";
process.env.LD_PRELOAD = "/evil.so";
delete process.env.KEEP;
fs.writeFileSync("first-ran", JSON.stringify(process.env));
' > first.out 2>&1
