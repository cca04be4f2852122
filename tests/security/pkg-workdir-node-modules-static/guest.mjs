import local from "fx-local";
console.log("RAN", local);
