// `registry` is here only so that setup.sh gets $ACS: a first run wrote to
// process.env (new names, reserved names, PATH, a deleted --env name); the
// second run in the same work dir sees only its own --env items.
import fs from "node:fs";
console.log("first run wrote:", fs.readFileSync("first-ran", "utf8"));
console.log("second run env:", JSON.stringify(process.env));
