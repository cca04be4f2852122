// a FIFO entry
import x from "evil-fifo";
console.log("RAN", typeof x);
