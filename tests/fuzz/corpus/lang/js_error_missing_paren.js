	if (a { b }
function f( { }
