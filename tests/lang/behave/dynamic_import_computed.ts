const name = "./nowhere-" + Math.random() + ".js";
const p = import(name).then(() => "loaded", () => "failed");
console.log(typeof p.then);
console.log(await p);
export {};
