# acs run: code, files, stdin, arguments, exit codes.
. "$(dirname "$0")/lib.sh"

run_acs run -c 'console.log(2 ** 10)'
check "one-liner prints 1024" [ "$OUT" = 1024 -a "$RC" = 0 ]

run_acs run -c 'process.exit(3)'
check "process.exit(3) gives status 3" [ "$RC" = 3 ]

run_acs run -c 'process.exitCode = 4'
check "process.exitCode is the status" [ "$RC" = 4 ]

run_acs run -c 'function f() {
  throw new TypeError("bad thing");
}
f();'
check "uncaught error: status 1" [ "$RC" = 1 ]
check "uncaught error: code frame names the line" has "$ERR" "[code]:2"
check "uncaught error: the line and a caret" has "$ERR" "$(printf '  throw new TypeError("bad thing");\n        ^')"
check "uncaught error: message" has "$ERR" "TypeError: bad thing"
check "uncaught error: guest frames only, V8 style" has "$ERR" "$(printf '    at f ([code]:2:9)\n    at [code]:4:2')"
check "uncaught error: no sandbox frames" sh -c "! printf '%s' \"\$1\" | grep -q 'node:internal'" _ "$ERR"

run_acs run -c 'let y = ;'
check "syntax error: status 1" [ "$RC" = 1 ]
check "syntax error: frame and message" has "$ERR" "$(printf '[code]:1\nlet y = ;\n        ^\n\nSyntaxError: Unexpected token')"

mkdir -p "$TMP/w/sub"
printf 'console.log(process.argv.slice(2).join(","), process.cwd() === %s)\n' "\"$TMP/w\"" > "$TMP/w/sub/main.js"
run_acs run --work-dir "$TMP/w" sub/main.js a b -- c
check "FILE in --work-dir with arguments" [ "$OUT" = "a,b,--,c true" -a "$RC" = 0 ]

run_acs run --work-dir "$TMP/w" -c 'console.log(process.argv.length)' -- x y
check "-c with -- ARGS" [ "$OUT" = 4 ]

( cd "$TMP/w" && "$ACS" run sub/main.js >"$TMP/out2" 2>&1 ); RC=$?; OUT=$(cat "$TMP/out2")
check "FILE defaults to the current directory" [ "$OUT" = " true" -a "$RC" = 0 ]

printf 'console.log("from stdin")' | "$ACS" run - >"$TMP/out3" 2>&1; RC=$?; OUT=$(cat "$TMP/out3")
check "code from stdin with -" [ "$OUT" = "from stdin" -a "$RC" = 0 ]

run_acs run -c 'console.log(process.cwd())'
dir=$OUT
check "-c without --work-dir runs in a temporary directory" has "$dir" "/acs-run-"
check "the temporary directory is removed afterwards" [ ! -e "$dir" ]

run_acs run --work-dir "$TMP/w" nope.js
check "missing entrypoint: config error, status 2" [ "$RC" = 2 ]
check "missing entrypoint: message names it" has "$ERR" "nope.js"

run_acs run --work-dir "$TMP/w/sub" ../sub/../../lib.sh
check "entrypoint outside workDir is refused" [ "$RC" = 2 ]

run_acs run --work-dir "$TMP/does-not-exist" -c '1'
check "missing workDir: status 2 and a message" all [ "$RC" = 2 ] -- has "$ERR" "does not exist"

# CommonJS names in an ES module: Node's words, which say what to use
run_acs run -c 'import fs from "node:fs"; const x = require("fs");'
check "require in an ES module: Node's message" has "$ERR" "ReferenceError: require is not defined in ES module scope, you can use import instead"
run_acs run -c 'export {}; console.log(__dirname)'
check "__dirname in an ES module: Node's message" has "$ERR" "ReferenceError: __dirname is not defined in ES module scope"
run_acs run -c 'const f = () => missingName; f()'
check "another missing name keeps the engine's words" has "$ERR" "ReferenceError: Can't find variable: missingName"

# TypeScript's import x = require() in an ES module (here: code, always ESM)
run_acs run -c 'import fs = require("fs"); import path = require("node:path"); console.log(typeof fs.readFileSync, path.join("a", "b"))'
check "import = require() runs in an ES module" all [ "$RC" = 0 ] -- [ "$OUT" = "function a/b" ]
