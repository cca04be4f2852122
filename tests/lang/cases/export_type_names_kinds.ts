import { type F, H } from "./def.js";
import type { G } from "./g.js";
import * as NS from "./ns.js";
import type * as NT from "./nt.js";
interface I {}
type T = 1;
declare const dc: number;
enum E { A }
namespace N { export type X = 1; }
namespace N2 { export const y = 1; }
class C {}
interface C {}
interface V {}
const V = 1;
export { F, G, I, T as U, H, NS, NT, dc, E, N, N2, C, V };
export namespace M { export type Z = 1 }
export default I;
