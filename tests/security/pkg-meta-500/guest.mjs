// the registry answers 500 for the packument (nothing cached)
import x from "evil-meta-500";
console.log("RAN", typeof x);
