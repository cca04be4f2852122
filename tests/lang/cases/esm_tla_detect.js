const x = await Promise.resolve(1);
