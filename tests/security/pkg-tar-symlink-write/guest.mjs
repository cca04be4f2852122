// a link dir -> /tmp, then a file written through it
import x from "evil-symlink-write";
console.log("RAN", typeof x);
