import { hello } from "fx-cjs";
console.log("RAN", hello());
