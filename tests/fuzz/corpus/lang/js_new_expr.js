	new A; new A(); new A.B(); new (a())(); new new X()(); new a.b.c[d](e); new.target;
