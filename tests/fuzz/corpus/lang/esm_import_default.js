	import a from "a";
import * as ns from "./b.js";
import { x, y as z, default as d } from 'c';
import "side-effect";
console.log(a, ns, x, z, d);
