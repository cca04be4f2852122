// the tarball is not gzip (its integrity matches)
import x from "evil-tarball-garbage";
console.log("RAN", typeof x);
