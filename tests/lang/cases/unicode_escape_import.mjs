import { \u0061bc, café } from "./m.js";
console.log(abc, caf\u00e9, \u0061bc);
