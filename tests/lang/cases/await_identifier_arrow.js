const await = (x) => x;
console.log(await(5), await (6));
