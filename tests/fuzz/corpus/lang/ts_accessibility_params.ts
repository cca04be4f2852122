	class P { constructor(public a: number, private b = 2, readonly c?: string, protected override d = 1) {} }
