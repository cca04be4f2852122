// An earlier run installed evil-name-mismatch, whose packument and version
// say "fx-cjs"; the real fx-cjs must still be the real one.
import { hello } from "fx-cjs";
console.log("real", hello());
