// a ../ in the middle of an entry name (package/lib/../../..)
import x from "evil-dotdot-mid";
console.log("RAN", typeof x);
