	let f: (() => void) | null;
let g: ((a: string) => number)[];
let h: new () => X | undefined;
