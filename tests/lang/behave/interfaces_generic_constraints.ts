interface Repo<T extends { id: number }> {
  items: T[];
  find(id: number): T | undefined;
}
function makeRepo<T extends { id: number }>(items: T[]): Repo<T> {
  return { items, find: (id) => items.find((i) => i.id === id) };
}
type User = { id: number; name: string };
const repo = makeRepo<User>([{ id: 1, name: "a" }, { id: 2, name: "b" }]);
console.log(repo.find(2)?.name, repo.find(3)?.name ?? "none");
function keys<T extends object, K extends keyof T = keyof T>(o: T): K[] { return Object.keys(o) as K[]; }
console.log(keys({ p: 1, q: 2 }).join());
