// a PAX header that renames an entry to ../../..
import x from "evil-pax-path";
console.log("RAN", typeof x);
