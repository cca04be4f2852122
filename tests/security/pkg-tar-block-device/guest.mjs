// a block device entry (8,0: a disk)
import x from "evil-block";
console.log("RAN", typeof x);
