import { café } from "./m.js";
export const ünïcödé: string = café + "é", 𝒜: number = 1;
const s: string = "😀" + café; let t: number = 2;
