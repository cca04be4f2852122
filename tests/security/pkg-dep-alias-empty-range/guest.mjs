// an npm: alias with a range no version satisfies (>=0 <0)
import x from "evil-dep-alias-odd";
console.log("RAN", typeof x);
