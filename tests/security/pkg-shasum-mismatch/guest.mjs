// no integrity, and a sha1 shasum that does not match
import x from "evil-shasum";
console.log("RAN", typeof x);
