// process.exitCode set to an object whose valueOf throws and toString never
// returns: refused as Node does (ERR_INVALID_ARG_TYPE), the run ends.
console.log("setting");
process.exitCode = { valueOf() { throw new Error("valueOf trap"); }, toString() { for (;;) {} }, [Symbol.toPrimitive]() { for (;;) {} } };
console.log("NOT REACHED");
