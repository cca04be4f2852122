// tar entries with ../ that climb out of the unpack dir (to /tmp and into the cache)
import x from "evil-dotdot";
console.log("RAN", typeof x);
