// Object.prototype.get / .value planted: every property descriptor the
// sandbox's JS builds afterwards is invalid ("Getter must be a function").
// The guest has broken its own runtime (as it would Node's); the run still
// ends with a status and a message, and the supervisor is unharmed.
console.log("polluting");
Object.defineProperty(Object.prototype, "get", { value: 1, writable: true, configurable: true });
Object.defineProperty(Object.prototype, "set", { value: 2, writable: true, configurable: true });
throw new Error("guest error after pollution");
