	function a(b, c = 1, ...d) { return arguments.length; }
const e = (f, { g, h = 2 }, [i, , j]) => f + g;
const k = async x => await x;
const l = async (m) => { for await (const n of m); };
function* o() { yield* p(); yield; }
async function* q() { yield await r; }
