// a dependency on a GitHub shorthand (someone/fx-cjs#main)
import x from "evil-dep-github";
console.log("RAN", typeof x);
