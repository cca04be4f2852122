	const fs = require("fs");
const { join } = require('path');
const x = require(`./x`);
const y = require("./" + name);
require.resolve("z");
