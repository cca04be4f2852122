const a = 1, b = 2; const c = a as number < b; console.log(c);
