// a directory, then a link of the same name to /tmp, then a file under it
import x from "evil-replace-with-link";
console.log("RAN", typeof x);
