	let a = b / c / d;
let r = /ab+c/gi.test(s);
let q = x
/foo/g
if (/[/]/.test(y)) {}
let t = (1) / 2 / /3/.source.length;
a = b++ / 2;
c = [] / 1; d = {} / 1;
label: /x/;
return_ = typeof /x/;
