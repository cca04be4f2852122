	let t = `abc ${ x 
