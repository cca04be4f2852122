function tag(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.raw.map((s, i) => s + (i < values.length ? `[${String(values[i])}]` : "")).join("");
}
const who = "world";
console.log(tag`hello ${who} and ${1 + 1}\n`);
console.log(String.raw`a\tb${who}`);
const nested = `outer ${`inner ${`deepest ${who}`}`} end`;
console.log(nested);
const generic = <T,>(s: TemplateStringsArray, v: T) => `${s[0]}${v}`;
console.log(generic<number>`n=${42}`);
const multi = `line1
line2 ${who}`;
console.log(multi.split("\n").length);
