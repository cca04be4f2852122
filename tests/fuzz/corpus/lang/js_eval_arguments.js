 function f() { return eval("arguments"); }
var arguments_ = arguments;
