// a scope without a package name
import x from "@fx";
console.log("RAN");
