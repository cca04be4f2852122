	import fs = require("fs");
import A = N.M.A;
export import B = N.B;
import type T = require("t");
export = fs;
