// dist.tarball on another host name (localhost:TRAP)
import x from "evil-tarball-localhost";
console.log("RAN", typeof x);
