	const a = import("./a.js");
const b = import(`./b.js`);
const c = import("./" + name);
const d = import("./d.json", { with: { type: "json" } });
