// an absolute entry name (/tmp/...)
import x from "evil-absolute";
console.log("RAN", typeof x);
