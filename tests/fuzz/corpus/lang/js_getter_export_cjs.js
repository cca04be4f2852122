 Object.defineProperty(exports, "a", { enumerable: true, get: function () { return m.a; } });
Object.defineProperty(module.exports, "b", { value: 1 });
