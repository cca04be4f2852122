// a 100 MB packument, streamed
import x from "evil-bigmeta";
console.log("RAN", typeof x);
