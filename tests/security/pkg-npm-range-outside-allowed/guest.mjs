import r from "npm:fx-ranges@^2";
console.log("RAN", r.version);
