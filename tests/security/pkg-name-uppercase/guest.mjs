// an upper-case name: legacy names exist, this one does not
import x from "FX-CJS";
console.log("RAN");
