export * as ns from "./x.js";
const ns = 1;
export { ns };
