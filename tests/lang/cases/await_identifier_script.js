function await(x) { return x * 2; }
console.log(await(2));
