	function isS(x: unknown): x is string { return typeof x === "string"; }
function assertS(x: unknown): asserts x is string {}
function assertT(x: unknown): asserts x {}
function th(this: Window) {}
