import r from "npm:fx-ranges@>=0 <0";
console.log("RAN", r.version);
