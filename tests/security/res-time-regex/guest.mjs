// Catastrophic backtracking inside the regex engine (native code).
console.log("matching");
console.log(/(a+)+$/.test("a".repeat(40) + "b"), "NOT REACHED");
