const before = "before";
const v = await new Promise<string>((r) => setTimeout(() => r("after"), 5));
console.log(before, v);
console.log(typeof import.meta, typeof import.meta.url);
for await (const x of [Promise.resolve(1), 2]) console.log("item", x);
export const exported = v;
