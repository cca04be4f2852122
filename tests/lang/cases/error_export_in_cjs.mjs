const a = 1;
export { a };
import { b } from "./b.js";
