// a bare name that is ../../etc/passwd once decoded
import x from "..%2f..%2fetc%2fpasswd";
console.log("RAN");
