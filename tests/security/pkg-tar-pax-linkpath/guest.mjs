// a PAX linkpath that turns a harmless link into one to /etc/passwd
import x from "evil-pax-linkpath";
console.log("RAN", typeof x);
