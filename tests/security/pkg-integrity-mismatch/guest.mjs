// dist.integrity (sha512) that does not match the tarball
import x from "evil-integrity";
console.log("RAN", typeof x);
