// differential
// CommonJS: require of files, JSON, packages, builtins and ES modules.
const path = require("path");
const lib = require("./modules/lib.cjs");
const data = require("./modules/data.json");
const again = require("./modules/lib.cjs");
const pkg = require("fixture-pkg");
const feature = require("fixture-pkg/feature");
const viaPattern = require("fixture-pkg/pattern/thing");
const esm = require("./modules/sync_esm.mjs");
console.log(lib.alpha, lib === again, data.list.length, pkg.kind, pkg.feature, feature.feature, viaPattern.viaPattern);
console.log(esm.answer, esm.default, Object.keys(esm));
console.log(path.basename(__filename), path.basename(__dirname), typeof module, module.id, require.main === module);
console.log(path.relative(__dirname, require.resolve("./modules/lib.cjs")), require.resolve("fs"), require.resolve("node:path"));
console.log(Object.keys(require.cache).some((k) => k.endsWith("lib.cjs")), typeof require("module").createRequire);
try { require("./modules/nope"); } catch (e) { console.log(e.code, e.message.split("\n")[0]); }
try { require("fixture-pkg/not-exported"); } catch (e) { console.log(e.code); }
try { require("./modules/tla.mjs"); } catch (e) { console.log(e.code); }
const { createRequire } = require("module");
const r2 = createRequire(__dirname + "/modules/");
console.log(r2("./whole.cjs").whole, this === module.exports);
