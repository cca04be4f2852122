	const t = `a ${b} c ${`nested ${d}`} e`;
const u = tag`x${y}z`;
const v = String.raw`\n${1}`;
const w = `${{a: 1}.a}${`}`}`;
const empty = ``;
