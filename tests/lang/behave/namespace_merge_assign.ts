namespace N { export var x = 1; } namespace N { x = 2; } console.log(N.x);
