	interface D { [k: string]: number; [i: number]: 1; readonly [s: symbol]: 2 }
class K { [x: string]: any; static [y: number]: string; }
