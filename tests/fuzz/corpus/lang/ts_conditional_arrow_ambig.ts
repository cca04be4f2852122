	const a = b ? (c) : d;
const e = f ? (g): h => i : j;
const k = l ? (m) => n : o;
const p = q ? (r: s) => t : u;
