"use strict";
var __exportStar = (this && this.__exportStar) || function (m, exports) { for (var p in m) exports[p] = m[p]; };
__exportStar(require("./a.cjs"), exports);
