Object.defineProperty(exports, "__esModule", { value: true });
Object.defineProperty(exports, "a", { enumerable: true, get: function () { return a_1.a; } });
Object.defineProperty(exports, "b", { enumerable: true, value: 2 });
Object.defineProperty(module.exports, "c", { value: 3 });
