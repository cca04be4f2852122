// neither integrity nor shasum
import x from "evil-no-integrity";
console.log("RAN", typeof x);
