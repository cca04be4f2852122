// an entry name with backslashes (package\\..\\..)
import x from "evil-backslash";
console.log("RAN", typeof x);
