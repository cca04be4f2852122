// An uncaught "error" whose every property the error printer might read
// throws: the run ends with a status and a message, the supervisor is fine.
console.log("before");
throw {
  get stack() { throw new Error("stack getter"); },
  get message() { throw new Error("message getter"); },
  get name() { throw new Error("name getter"); },
  get constructor() { throw new Error("constructor getter"); },
  toString() { throw new Error("toString"); },
  [Symbol.toPrimitive]() { throw new Error("toPrimitive"); },
};
