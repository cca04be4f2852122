import fs = require("fs");
import type T = require("./types");
namespace N { export const x = 1; }
import alias = N.x;
console.log(fs, alias);
