	await Promise.resolve(1);
