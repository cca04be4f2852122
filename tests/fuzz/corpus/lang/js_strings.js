	const s = ['a\'b', "c\"d", '\u{1F600}', '\x41\101', 'line\
cont', '\u2028'];
