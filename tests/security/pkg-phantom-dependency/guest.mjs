// fx-phantom requires fx-cjs without declaring it; fx-cjs is installed
// (the user imports it) and hoisted next to fx-phantom
import { hello } from "fx-cjs";
import phantom from "fx-phantom";
console.log("user", hello());
console.log("require", phantom.tryCjs());
console.log("import", await phantom.tryImport());
