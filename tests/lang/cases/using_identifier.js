let using = [1];
using[0] = 2;
const f = (using) => using + 1;
console.log(using, f(1));
using
x = 3;
