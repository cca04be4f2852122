	for (;;) break;
for (var i = 0, j = 1; i < j; i++, j--);
for (const x of y) ;
for (let [a, b] of c) ;
for (x in y) ;
for (let in obj) ;
for (async of []) ;
for (var v = 1 in o) ;
