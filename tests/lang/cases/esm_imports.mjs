import "./side-effect.js";
import def from "./a.js";
import * as ns from "./b.js";
import { x, y as why, default as d2, "string name" as sn } from "./c.js";
import def2, { z } from "./d.js";
import def3, * as ns3 from "./e.js";
import { x as x2 } from "./c.js";
console.log(def, ns, x, why, d2, sn, def2, z, def3, ns3, x2);
console.log(typeof x, ns.x, ns["y"], x.prop, x?.y);
