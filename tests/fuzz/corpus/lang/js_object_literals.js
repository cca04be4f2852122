	const o = { a, b: 1, [c]: 2, d() {}, get e() { return 1 }, set e(v) {}, async f() {}, *g() {}, async *h() {}, ...i, "j": 1, 2: 3, get: 1, set: 2, async: 3, await: 4, __proto__: null };
