	let a: number = 1;
const b: string | undefined = undefined;
function f(x: number, y?: string, ...z: boolean[]): void {}
const g = (h: Array<Map<string, number>>): h is never => true;
let i!: number;
let j: [a: string, b?: number, ...c: any[]] = ["x"];
