	function* g() { const x = yield; yield yield 1; yield
2; yield* [1]; const y = (yield) + 1; }
