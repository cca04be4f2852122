// a name with a space
import x from "fx cjs";
console.log("RAN");
