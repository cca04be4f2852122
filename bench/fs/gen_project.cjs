// Generates a 300-module ES module project (each module imports two others
// and a shared util) under ./project, entry project/main.mjs.
const fs = require("fs");
fs.mkdirSync("project/mods", { recursive: true });
fs.writeFileSync("project/mods/util.mjs", "export const add = (a, b) => a + b;\n");
for (let i = 0; i < 300; i++) {
  const deps = [i + 1, i + 2].filter((d) => d < 300);
  let src = `import { add } from "./util.mjs";\n`;
  for (const d of deps) src += `import { v as v${d} } from "./m${d}.mjs";\n`;
  src += `export const v = add(${i}, ${deps.map((d) => `v${d}`).join(" + ") || 0});\n`;
  fs.writeFileSync(`project/mods/m${i}.mjs`, src);
}
fs.writeFileSync("project/main.mjs", 'import { v } from "./mods/m0.mjs";\nconsole.log(v > 0);\n');
