// using and await using, lowered as TypeScript lowers them: reverse order,
// null skipped, an error in the body and in disposal (SuppressedError),
// non-disposable values, async disposal, nested blocks and functions.
const log: string[] = [];
function res(name: string, fail = false) {
  return {
    [Symbol.dispose]() {
      log.push("dispose " + name);
      if (fail) throw new Error("dispose failed: " + name);
    },
  };
}
function ares(name: string) {
  return {
    async [Symbol.asyncDispose]() {
      await null;
      log.push("async dispose " + name);
    },
  };
}
function order() {
  "use strict";
  using a = res("a"), b = res("b");
  using n = null;
  {
    using c = res("c");
    log.push("inner body");
  }
  log.push("outer body");
  return "returned";
}
log.push(order());
try {
  using x = res("x", true);
  using y = res("y", true);
  throw new Error("body failed");
} catch (e: any) {
  log.push(`${e.name}: ${e.message} | ${e.error?.message} | ${e.suppressed?.name}: ${e.suppressed?.error?.message} / ${e.suppressed?.suppressed?.message}`);
}
for (const bad of [1, {}]) {
  try {
    using z = bad as any;
  } catch (e: any) {
    log.push(`${e.name}: ${e.message}`);
  }
}
async function main() {
  {
    await using p = ares("p");
    await using q = res("q-sync");
    using r = res("r");
    log.push("async body");
  }
  log.push("after async block");
}
await main();
for (const line of log) console.log(line);
