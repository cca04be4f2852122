
import * as self from "./self.js";
export const M = 1, I0 = 2, X = 3;
export { self };
