import m from "fx-esm";
console.log("RAN", m.kind);
