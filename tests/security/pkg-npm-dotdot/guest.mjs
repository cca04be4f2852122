import x from "npm:../x";
console.log("RAN");
