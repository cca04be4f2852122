// a character device entry (1,3: /dev/null)
import x from "evil-device";
console.log("RAN", typeof x);
