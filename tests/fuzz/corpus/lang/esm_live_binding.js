
import { count, inc } from "./counter.js";
inc();
console.log(count);
export let n = 0;
export function bump() { n++; n += 1; [n] = [5]; ({ n } = { n: 6 }); }
