// a dependency named @fx/../../etc
import x from "evil-dep-scope-dotdot";
console.log("RAN", typeof x);
