# Errors point at the user's own line and column, through the TypeScript
# and module transform (which moves columns where it rewrites imports).
. "$(dirname "$0")/lib.sh"

W="$TMP/pos"; mkdir -p "$W"
cat > "$W/lib.ts" <<'TS'
export function helper(n: number): number { return n * 2; }
export const label: string = "x";
TS
{
  echo 'import { helper, label } from "./lib.ts";'
  for i in $(seq 2 38); do echo "// line $i: padding so the throw lands on line 40"; done
  echo 'const v: number = helper(1) + label.length; console.log(v);'
  echo 'if (v) { throw new Error("at forty"); }'
} > "$W/main.ts"
# line 40 is: if (v) { throw new Error("at forty"); }   ("new" at column 16)
run_acs run --work-dir "$W" main.ts
check "a TS module runs with imports" has "$OUT" "3"
check "the frame names line 40" has "$ERR" "main.ts:40"
check "the stack names line 40, column 16 (the 'new' of the throw)" has "$ERR" "main.ts:40:16"

{
  echo 'import { helper } from "./lib.ts";'
  for i in $(seq 2 39); do echo "// pad $i"; done
  echo 'const r = helper(helper(1)) + (() => { throw new TypeError("col seven"); })();'
} > "$W/shift.ts"
run_acs run --work-dir "$W" shift.ts
# helper( becomes (0, _$i0.helper)( on line 40: later columns are mapped back
check "a column after rewritten imports is mapped back to the source" has "$ERR" "shift.ts:40:46"

{
  echo 'import { helper } from "./lib.ts";'
  echo 'function thrower(n: number): never { throw new RangeError("from line 3, column " + n); }'
  for i in $(seq 3 39); do echo "// pad $i"; done
  echo '      thrower(helper(1) as number);'
} > "$W/seven.ts"
run_acs run --work-dir "$W" seven.ts
check "a call on line 40, column 7 of a TS file is named 40:7" has "$ERR" "at seven.ts:40:7"

# A frame in a scoped package: the "@" of node_modules/@scope is part of the
# path, not the end of the function name (JSC writes "fn@url:line:col").
mkdir -p "$W/node_modules/@acs-test/deep"
echo '{ "name": "@acs-test/deep", "version": "1.0.0", "main": "index.js" }' > "$W/node_modules/@acs-test/deep/package.json"
echo 'exports.boom = function boom() { return new Error("deep"); };' > "$W/node_modules/@acs-test/deep/index.js"
echo 'console.log(require("@acs-test/deep").boom());' > "$W/scoped.cjs"
run_acs run --work-dir "$W" scoped.cjs
check "a frame in a scoped package names its function and its path" has "$OUT" "at boom (node_modules/@acs-test/deep/index.js:1:41)"
