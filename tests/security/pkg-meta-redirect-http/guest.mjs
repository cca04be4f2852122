// the packument answers 302 to the trap (http)
import x from "evil-meta-redirect-http";
console.log("RAN", typeof x);
