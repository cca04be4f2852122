	let a = 1 @ 2;
let # = 3;
