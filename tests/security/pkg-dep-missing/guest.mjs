// a dependency that is not in the registry
import x from "evil-dep-missing";
console.log("RAN", typeof x);
