// Merged namespaces: a later declaration reads and writes the earlier
// one's exports through the namespace, its own locals shadow them, and
// shorthand properties, nested functions and calls work.
namespace M { export let count = 1; export function inc() { count++; return count; } }
namespace M {
  export function report() { return { count, twice: inc() * 2 }; }
  export const shadow = (() => { const count = 100; return count; })();
  count += 10;
}
namespace M { export const last = count + shadow; }
console.log(M.count, M.report(), M.shadow, M.last);
