 console.log(__filename, __dirname, module.id, require.main === module);
if (typeof exports === "object") exports.ok = true;
