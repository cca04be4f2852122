	import { OnlyType } from "./types";
import { Used } from "./used";
import Def from "./def";
import * as NS from "./ns";
let a: OnlyType;
let b: NS.Thing;
new Used();
export { OnlyType };
