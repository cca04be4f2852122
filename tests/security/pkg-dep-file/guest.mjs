// a dependency on file:../../../../../etc
import x from "evil-dep-file";
console.log("RAN", typeof x);
