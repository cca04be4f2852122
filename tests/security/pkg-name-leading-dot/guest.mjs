// a name starting with a dot
import x from ".bin";
console.log("RAN");
