// a dependency named ../../../etc
import x from "evil-dep-name-dotdot";
console.log("RAN", typeof x);
