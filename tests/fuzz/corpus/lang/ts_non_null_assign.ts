	let a!: number;
obj!.x = 1;
obj![0]!++;
arr!.forEach(x => x!);
