// names as cjs-module-lexer finds them: a getter it cannot read removes
// the name even where `exports.x =` gives it; == counts as =
exports.kept = 1;
exports.hidden = 2;
Object.defineProperty(exports, "hidden", { enumerable: true, get: function () { return a.b.c; } });
exports.also = exports.eq == 1;
exports["\ud83d\ude00"] = 3;
exports["\ud800"] = 4;
Object.defineProperty(exports, "member", { enumerable: true, get: function () { return a["b"]; } });
__exportStar(require("./top"), exports);
function inner() { __exportStar(require("./inner"), exports); }
tslib_1.__exportStar(require("./lib"), exports);
// a later `module.exports =` drops the re-exports found before it
module.exports = { ...require("./spread"), x, y: z, "s": t, u: v.w, after };
module.exports.tail = 5;
