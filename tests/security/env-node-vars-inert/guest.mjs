// Variables that steer Node or OpenSSL/libcurl are plain strings here: no
// preload runs, no key log is written, the CA variables name an outside file
// that is never read into the output.
console.log("guest runs; NODE_OPTIONS =", process.env.NODE_OPTIONS);
console.log("execArgv", JSON.stringify(process.execArgv));
import fs from "node:fs";
console.log("keylog written:", fs.existsSync("keys.log"));
