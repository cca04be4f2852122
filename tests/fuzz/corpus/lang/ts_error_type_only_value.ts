	let x: = 1;
