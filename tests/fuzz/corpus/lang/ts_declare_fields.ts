	class A { declare x: number; declare readonly y: string; static declare z: number; }
