// Closures capturing fresh arrays, kept in a linked chain.
let head = null;
for (let i = 0; ; i++) { const data = new Array(64).fill(i); const prev = head; head = () => [data, prev]; }
