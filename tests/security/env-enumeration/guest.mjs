// Every way of listing process.env shows the --env items and nothing else.
const env = process.env;
const forin = []; for (const k in env) forin.push(k);
console.log("keys", Object.keys(env).join(","));
console.log("ownKeys", Reflect.ownKeys(env).map(String).join(","));
console.log("names", Object.getOwnPropertyNames(env).join(","));
console.log("for-in", forin.join(","));
console.log("entries", JSON.stringify(Object.entries(env)));
console.log("spread", JSON.stringify({ ...env }));
console.log("descriptors", Object.keys(Object.getOwnPropertyDescriptors(env)).join(","));
console.log("symbols", Object.getOwnPropertySymbols(env).length);
console.log("proto", Object.getPrototypeOf(env) === Object.prototype || Object.getPrototypeOf(env) === null);
console.log("in", "PATH" in env, "HOME" in env, "ONE" in env);
// writes are strings (as in Node), deletes work, nothing else appears
env.NUM = 42; env.OBJ = { toString() { return "obj" } };
delete env.TWO;
console.log("after", JSON.stringify(env));
