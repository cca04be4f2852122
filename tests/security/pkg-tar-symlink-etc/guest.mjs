// a symbolic link to /etc/passwd
import x from "evil-symlink-etc";
console.log("RAN", typeof x);
