import x from "npm:@fx";
console.log("RAN");
