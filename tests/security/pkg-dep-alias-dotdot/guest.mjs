// an npm: alias to ../../../etc
import x from "evil-dep-alias-dotdot";
console.log("RAN", typeof x);
