// The source transform's corpus (tests/lang) for `make test`: golden outputs,
// the position test, CommonJS export names against Node's cjs-module-lexer
// and behaviour against TypeScript's transpileModule under Node 22. All of it
// lives in tests/lang/run_vs_node.js, which installs its npm test dependency
// (typescript@5, tests/lang/package.json) when missing and prints a skip line
// when it cannot. Ends with "N passed, N failed".
"use strict";
require("../lang/run_vs_node.js").main([]);
