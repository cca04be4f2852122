// a link to a link that leaves (one -> two -> ../../..)
import x from "evil-symlink-chain";
console.log("RAN", typeof x);
