	class B extends A { constructor(private x: number, public y: string) { super(x); console.log(this.x); } }
