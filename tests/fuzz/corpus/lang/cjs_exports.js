	"use strict";
exports.a = 1;
exports["b"] = 2;
module.exports.c = 3;
Object.defineProperty(exports, "d", { enumerable: true, get: function () { return d; } });
Object.defineProperty(exports, "__esModule", { value: true });
