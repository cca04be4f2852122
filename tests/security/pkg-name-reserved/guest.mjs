// a reserved name
import x from "node_modules";
console.log("RAN");
