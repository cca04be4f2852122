	using res = getResource();
await using conn = await connect();
for (using x of y) {}
