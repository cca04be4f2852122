const importX = 1, exportY = 2;
const o = { import: 1, export: 2 };
o.import + o.export;
const i = import("./x.js");
