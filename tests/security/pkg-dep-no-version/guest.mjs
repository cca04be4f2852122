// a dependency range no version satisfies (fx-ranges@^99)
import x from "evil-dep-norange";
console.log("RAN", typeof x);
