import data from "./data.json" with { type: "json" };
import * as cfg from "./cfg.json" with { type: "json" };
export { default as pkg } from "./package.json" with { type: "json" };
const lazy = import("./lazy.json", { with: { type: "json" } });
console.log(data, cfg, lazy);
