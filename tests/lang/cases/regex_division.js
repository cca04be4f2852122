let a = 10, b = 2, g = 1;
let x = a / b / g;
let r = /ab+c/gi.test("abbc");
let y = a /b/ g;
if (/[/]/.test("/")) x = (a) / 2;
let z = [1] / 1, w = {} / 1;
let t = typeof /x/;
let c = x++ / 2;
label: /re/.exec("re");
let arr = [/a/, /b\/c/, /[\]/]/];
let q = a ? /x/ : /y/;
function f() { return /z/.source; }
let d = `${a}` / 2;
let cl = class {} / 1;
let e = a.return / 2;
