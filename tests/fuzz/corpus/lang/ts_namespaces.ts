	namespace N { export const a = 1; export function f() {} export namespace M { export let b = 2; } }
module Legacy { export var c = 1; }
namespace A.B.C { export const d = 4; }
declare namespace Types { type T = 1; }
