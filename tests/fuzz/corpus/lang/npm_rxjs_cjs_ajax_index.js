 "use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AjaxResponse = exports.AjaxTimeoutError = exports.AjaxError = exports.ajax = void 0;
var ajax_1 = require("../internal/ajax/ajax");
Object.defineProperty(exports, "ajax", { enumerable: true, get: function () { return ajax_1.ajax; } });
var errors_1 = require("../internal/ajax/errors");
Object.defineProperty(exports, "AjaxError", { enumerable: true, get: function () { return errors_1.AjaxError; } });
Object.defineProperty(exports, "AjaxTimeoutError", { enumerable: true, get: function () { return errors_1.AjaxTimeoutError; } });
var AjaxResponse_1 = require("../internal/ajax/AjaxResponse");
Object.defineProperty(exports, "AjaxResponse", { enumerable: true, get: function () { return AjaxResponse_1.AjaxResponse; } });
//# sourceMappingURL=index.js.map