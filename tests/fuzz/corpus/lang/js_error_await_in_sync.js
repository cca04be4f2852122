	function f() { await x; }
