import { x, y } from "./m.js";
const s = `x ${x + `y ${y.map((x) => `deep ${x}`).join(",")}`} x`;
const t = `x
${`y
${y}`} ${x}`;
const tg = x`x${y}y`;
