// A 10 MB module and a 5 MB JSON file through the transform and the loader:
// loaded within the limits, or a clean error; never a crash.
import { data, text } from "./big.mjs";
import big from "./big.json" with { type: "json" };
import fs from "node:fs";
console.log("module", fs.statSync("big.mjs").size > 9e6, data.length, data[999999], text.length);
console.log("json", big.rows.length, big.rows[149999].name);
