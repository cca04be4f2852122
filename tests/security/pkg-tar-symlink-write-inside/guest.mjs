// a link that stays inside, then a write through it
import x from "evil-symlink-write-inside";
console.log("RAN", typeof x);
