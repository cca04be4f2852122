// fx-cjs is only a dependency of fx-declared; fx-phantom must not see it
import d from "fx-declared";
import phantom from "fx-phantom";
console.log("declared", d.viaDep);
console.log("require", phantom.tryCjs());
console.log("import", await phantom.tryImport());
