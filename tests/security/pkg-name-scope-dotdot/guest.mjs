// a scoped name whose package part is ..
import x from "@fx/../../etc/passwd";
console.log("RAN");
