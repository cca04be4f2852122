// a packument that is not JSON
import x from "evil-garbage-meta";
console.log("RAN", typeof x);
