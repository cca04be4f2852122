Object.defineProperty(exports, "a", { get() { return 1; } });
Object.defineProperty(exports, "b", { enumerable: true, get: function () { return compute(); } });
Object.defineProperty(exports, "c", { enumerable: true, get: function () { return m.c; } });
