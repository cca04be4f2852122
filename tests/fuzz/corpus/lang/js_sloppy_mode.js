 var let = 1; var yield = 2; var await = 3; var async = 4; var of = 5; var static_ = 6;
with (obj) { x = 1 }
let
foo = 1;
async
function f() {}
