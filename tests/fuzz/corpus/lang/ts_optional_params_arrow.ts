	const f = (a?: number, b: string = "x"): void => {};
const g = ({ a, b }: { a: number; b?: string }) => a;
const h = ([x, y]: [number, number]): number => x + y;
const i = (a: number): (b: number) => number => (b) => a + b;
