// An uncaught Proxy whose every trap throws, then a rejection with one.
const traps = {};
for (const k of ["get", "has", "ownKeys", "getPrototypeOf", "getOwnPropertyDescriptor", "defineProperty", "set", "apply"])
  traps[k] = () => { throw new Error("trap " + k); };
process.on("exit", (c) => console.log("exit handler ran, code", c));
console.log("throwing");
throw new Proxy({}, traps);
