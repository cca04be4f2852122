import x from "npm:%2e%2e%2f%2e%2e%2fetc@1";
console.log("RAN");
