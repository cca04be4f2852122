import util = require("util");
function helper(x: number): number { return x; }
export = { helper, util };
