// the latest tag (2.0.0) is outside the allowed range
import r from "npm:fx-ranges@latest";
console.log("RAN", r.version);
