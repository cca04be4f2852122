export namespace NS {
  export const a = 1;
  export function get() { return a; }
}
export declare namespace Amb { const b: number; }
function Merge() {}
namespace Merge { export const m = 1; }
enum EN { A }
namespace EN { export function f() { return EN.A; } }
