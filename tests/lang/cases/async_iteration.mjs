async function* agen() { yield 1; yield 2; }
async function main() {
  for await (const x of agen()) console.log(x);
  for await (const y of [Promise.resolve(3)]) console.log(y);
}
await main();
for await (const z of agen()) console.log(z);
const f = async () => await 1, g = async x => x, h = async (a, b) => a;
const async = 1, o = { async, async m() {}, async: 2 };
