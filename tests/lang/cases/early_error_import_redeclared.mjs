import { a } from "./x.js";
let a = 2;
