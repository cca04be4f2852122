// An earlier run installed evil-version-name, whose version document says
// "fx-esm"; the real fx-esm must still be the real one, in the same run too.
import { hello } from "fx-esm";
import x from "evil-version-name";
console.log("real", hello());
