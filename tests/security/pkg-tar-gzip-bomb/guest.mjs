// a gzip bomb: 1.1 GiB of zeros in 6 files, 5 MB gzipped
import x from "evil-gzip-bomb";
console.log("RAN", typeof x);
