// enum member names that need escaping in the output's string literals
enum E { "a\"b" = 1, 'c\\d', "e\nf", ["g'h"] = "s", ['i'] = 9 }
console.log(E["a\"b"], E["c\\d"], E["e\nf"], E[2], E[3], E["g'h"], E.i, E[9]);
console.log(JSON.stringify(Object.keys(E)));
