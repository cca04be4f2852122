const key = "dyn";
const o = {
  plain: 1,
  "quoted key": 2,
  [key + "amic"]: 3,
  method(): string { return "m"; },
  async am() { return "am"; },
  *gen() { yield "g"; },
  get g(): number { return 4; },
  ...{ spread: 5 },
  1e3: "num",
};
console.log(JSON.stringify(o), o.method(), o.gen().next().value, await o.am());
const { plain, ...others } = o;
console.log(plain, Object.keys(others).length);
export {};
