// A 5 MB one-line TypeScript file that ends in a syntax error: the error
// names the file and line; the message is not the 5 MB line.
try { await import("./long.ts"); console.log("LOADED"); }
catch (e) { console.log("error", e.name, "message length ok:", String(e.message).length < 10000); }
