// dist.tarball on another port of the same host (the trap)
import x from "evil-tarball-trap";
console.log("RAN", typeof x);
