const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
async function work(n: number): Promise<number> {
  await sleep(1);
  return n * 2;
}
const results = await Promise.all([work(1), work(2)]);
console.log(results.join(","));
const x: number = await work(5);
console.log(x);
try {
  await Promise.reject(new Error("boom"));
} catch (e: unknown) {
  console.log("caught", (e as Error).message);
}
class Svc { async get<T>(v: T): Promise<T> { return v; } }
console.log(await new Svc().get<string>("svc"));
export {};
