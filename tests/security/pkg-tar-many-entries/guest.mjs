// 100 050 entries (past the entry cap)
import x from "evil-many-entries";
console.log("RAN", typeof x);
