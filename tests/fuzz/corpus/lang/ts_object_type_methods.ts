	type O = { m(): void; n?(a: number): string; get p(): number; set p(v: number); readonly q: 1; -readonly [k: string]: any };
