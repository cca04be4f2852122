// a hard link to /etc/passwd
import x from "evil-hardlink-etc";
console.log("RAN", typeof x);
