// A reserved environment name: the run is refused before any code runs.
import fs from "node:fs";
fs.writeFileSync("ran", "the guest ran");
console.log("GUEST-RAN", JSON.stringify(process.env));
