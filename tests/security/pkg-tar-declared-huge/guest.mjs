// a header that declares 2 GiB for a file the archive does not hold
import x from "evil-declared-huge";
console.log("RAN", typeof x);
