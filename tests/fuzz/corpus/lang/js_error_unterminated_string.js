	let s = "unterminated
