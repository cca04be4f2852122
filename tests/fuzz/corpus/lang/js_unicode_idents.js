	const été = 1, π = Math.PI, \u0061bc = 2, \u{62}cd = 3, $_ = 4, ℘ = 5;
console.log(été + abc + bcd);
