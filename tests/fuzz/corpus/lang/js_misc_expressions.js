	a = b, c = d;
(a, b) => c;
(a) ? b : c;
x = y => z, w;
+a; -b; !c; ~d; ++e; --f; g++; h--;
a = b ? c => d : e => f;
