
import data from "./data.json" with { type: "json" };
import cfg from "./cfg.json" assert { type: "json" };
export { data, cfg };
