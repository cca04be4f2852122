// the tarball is missing (404)
import x from "evil-tarball-404";
console.log("RAN", typeof x);
