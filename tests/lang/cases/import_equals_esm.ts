import fs = require("fs");
export import path = require("path");
export const x = fs;
