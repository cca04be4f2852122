// one 300 MiB file (past the one-file cap), 1.3 MB gzipped
import x from "evil-huge-file";
console.log("RAN", typeof x);
