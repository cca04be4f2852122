	const o = { m() { return super.m() + this.x; } };
class B extends A { constructor() { super(); super.x = 1; super["y"](); } }
