// node: dns.lookup never answers what the policy refuses (an allowed name
// pinned to metadata, private or loopback addresses, a name not allowed),
// and a name the box's /etc/hosts points at a host address answers that
// string but connecting to it still goes through the policy
import dns from "node:dns";
import net from "node:net";
import fs from "node:fs";
for (const h of ["meta.test", "private.test", "loop.test", "other.test", "169.254.169.254.nip.io"]) {
  try { console.log("REACHED", h, JSON.stringify(await dns.promises.lookup(h, { all: true }))); }
  catch (e) { console.log(h, e.code); }
}
fs.appendFileSync("/etc/hosts", "169.254.169.254 meta\n10.0.0.1 inside\n");
console.log("hosts", (await dns.promises.lookup("meta")).address);
for (const h of ["meta", "inside"])
  await new Promise((ok) => net.connect(80, h).on("connect", function () { console.log("REACHED", h); this.destroy(); ok(); })
    .on("error", (e) => { console.log(h, e.code); ok(); }));
console.log("done");
