	let r = /abc
