// an integrity with an unknown algorithm only (sha999-), no shasum
import x from "evil-integrity-unknown";
console.log("RAN", typeof x);
