 var __exportStar = (this && this.__exportStar) || function(m, exports) {};
__exportStar(require("./a"), exports);
tslib.__exportStar(require("./b"), exports);
