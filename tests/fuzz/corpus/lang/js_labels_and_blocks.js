	a: { b: { break a; } }
{ let x; { const y = x; } }
;;;
if (a) function f() {}
