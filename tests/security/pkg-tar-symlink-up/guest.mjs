// a symbolic link to ../../../../../..
import x from "evil-symlink-up";
console.log("RAN", typeof x);
