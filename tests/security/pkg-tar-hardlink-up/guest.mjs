// a hard link to ../../../../etc/passwd
import x from "evil-hardlink-up";
console.log("RAN", typeof x);
