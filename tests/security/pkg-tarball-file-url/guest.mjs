// dist.tarball is file:///etc/passwd
import x from "evil-tarball-file-url";
console.log("RAN", typeof x);
