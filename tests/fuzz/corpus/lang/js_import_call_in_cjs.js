 async function load() { return (await import("m")).default; }
module.exports = load;
