import { a } from "./x.js";
export const b = 1;
async function a() {}
