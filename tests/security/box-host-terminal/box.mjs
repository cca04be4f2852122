// as agent, from node: the host's terminals and consoles are out of reach
import fs from "node:fs";
import tty from "node:tty";
for (const d of ["/dev/tty", "/dev/console", "/dev/tty0", "/dev/pts/0", "/dev/ptmx", "/dev/ttyS0"])
  try { fs.writeFileSync(d, "INJECTED"); console.log("WROTE", d); } catch (e) { console.log(d, e.code); }
console.log(tty.isatty(0), tty.isatty(1), process.stdout.isTTY ?? false);
try { new tty.ReadStream(0).setRawMode(true); console.log("RAW"); } catch (e) { console.log("raw", e.code || e.name); }
console.log("done");
