const a = 1, b = [2, 3];
const s = `outer ${a + `inner ${b.map((x) => `deep ${x}`).join(",")} end`} done`;
const t = `line1
line2 ${`nested
multi ${a}`} tail`;
const u = `${{ a }.a}${`}`}${"`"}`;
const raw = String.raw`\n${a}\t`;
const tag = (s, ...v) => s.raw.join("|") + v.join("|");
const tg = tag`x${a}y${`z${b}`}`;
