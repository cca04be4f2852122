const id = <T,>(x: T): T => x;
const c = <T extends unknown>(x: T) => x;
const d = <T = unknown,>(x: T) => x;
const el = <b>{id(1)}</b>;
