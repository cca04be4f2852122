// a dependency on a git+https URL (the trap)
import x from "evil-dep-git";
console.log("RAN", typeof x);
