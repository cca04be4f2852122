	class A { a = 1
 b
 [c] = 2; static = 3; get; set; async
 d() {} 'e' = 4; #f; static #g() {} accessor h = 1; }
