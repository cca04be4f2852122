const require = (x) => x + "!";
let module = 3;
console.log(require("r"), module);
