	class A { #x; static has(o) { return #x in o; } }
