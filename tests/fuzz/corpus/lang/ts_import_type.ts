
import type { A } from "./a";
import { type B, C } from "./b";
import D, { type E } from "./d";
import type F from "./f";
import type * as G from "./g";
export type { A };
export { type B };
const x: A = new C();
let y: typeof D;
