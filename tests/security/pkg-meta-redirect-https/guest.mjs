// the packument answers 302 to https://127.0.0.1:TRAP
import x from "evil-meta-redirect-https";
console.log("RAN", typeof x);
