// fullwidth letters that fold to fx-cjs
import x from "\uff46\uff58-cjs";
console.log("RAN");
