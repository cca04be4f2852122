	const a = f<(1);
function g<T(x) {}
