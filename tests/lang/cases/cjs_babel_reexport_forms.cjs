"use strict";
// Babel's `export * from` blocks in the forms cjs-module-lexer reads, and
// some it does not (each block needs its own `var X = require(...)`)
Object.defineProperty(exports, "__esModule", { value: true });
var _exportNames = { own: true };
exports.own = 1;
var _a = require("./a");
Object.keys(_a).forEach(function (key) {
  if (key === "default" || key === "__esModule") return;
  if (Object.prototype.hasOwnProperty.call(_exportNames, key)) return;
  if (key in exports && exports[key] === _a[key]) return;
  exports[key] = _a[key];
});
const _b = _interopRequireWildcard(require("./b"));
Object.keys(_b).forEach(function (k) {
  if (k !== 'default' && !Object.prototype.hasOwnProperty.call(_exportNames, k)) Object.defineProperty(exports, k, { enumerable: true, get() { return _b[k]; } });
});
let _c = require("./c");
Object.keys(_c).forEach(function (key) {
  if (key === 'default' || key === '__esModule') return
  Object.defineProperty(module.exports, key, {
    enumerable: true,
    get: function get() {
      return _c[key]
    }
  })
})
// no guard: not a re-export
var _d = require("./d");
Object.keys(_d).forEach(function (key) {
  exports[key] = _d[key];
});
// the body reads another object: not a re-export
var _e = require("./e");
Object.keys(_e).forEach(function (key) {
  if (key === "default" || key === "__esModule") return;
  exports[key] = _a[key];
});
// not at the top level
function later() {
  var _f = require("./f");
  Object.keys(_f).forEach(function (key) {
    if (key === "default" || key === "__esModule") return;
    exports[key] = _f[key];
  });
}
// no `var X = require(...)` for it
Object.keys(_g).forEach(function (key) {
  if (key === "default" || key === "__esModule") return;
  exports[key] = _g[key];
});
