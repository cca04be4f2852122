	for (var i = ("x" in o) ? 1 : 0; i < 1; i++);
for (const x = (a in b); ;) break;
