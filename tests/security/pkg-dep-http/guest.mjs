// a dependency on an http tarball URL (the trap)
import x from "evil-dep-http";
console.log("RAN", typeof x);
