# node:test: TAP as Node writes it when stdout is not a terminal.
. "$(dirname "$0")/lib.sh"

W="$TMP/nt"; mkdir -p "$W"
cat > "$W/math.test.mjs" <<'JS'
import { test, describe, it, beforeEach, mock } from "node:test";
import assert from "node:assert";
let each = 0;
describe("math", () => {
  beforeEach(() => { each++; });
  it("adds", () => { assert.strictEqual(1 + 1, 2); });
  it("fails", () => { assert.strictEqual(1 + 1, 3); });
  it.skip("skipped", () => {});
  it.todo("later");
});
test("async", async () => { await new Promise((r) => setTimeout(r, 5)); });
test("mock", () => { const f = mock.fn((x) => x * 2); assert.strictEqual(f(2), 4); assert.strictEqual(f.mock.calls.length, 1); });
test("subtests", async (t) => { await t.test("inner", () => {}); });
// beforeEach runs for tests and todo tests, not for skipped ones (as Node)
test("hooks ran", () => { assert.strictEqual(each, 3); });
JS
run_acs run --work-dir "$W" math.test.mjs
check "node:test: a failure makes the exit status 1" [ "$RC" = 1 ]
check "node:test: TAP header" has "$OUT" "TAP version 13"
check "node:test: a passing test" has "$OUT" "    ok 1 - adds"
check "node:test: a failing test with its assertion" all has "$OUT" "    not ok 2 - fails" -- has "$OUT" "Expected values to be strictly equal"
check "node:test: skip and todo" all has "$OUT" "ok 3 - skipped # SKIP" -- has "$OUT" "ok 4 - later # TODO"
check "node:test: the suite fails with its subtest" has "$OUT" "not ok 1 - math"
check "node:test: subtests, mocks, hooks" all has "$OUT" "ok 1 - inner" -- has "$OUT" "ok 3 - mock" -- has "$OUT" "ok 5 - hooks ran"
check "node:test: the summary" all has "$OUT" "# tests 9" -- has "$OUT" "# pass 6" -- has "$OUT" "# fail 1" -- has "$OUT" "# skipped 1" -- has "$OUT" "# todo 1"
