	const re = [/\d+/u, /[\]\/]/v, /(?<name>a)\k<name>/d, /a/gimsuy, /[^/]*/];
