	const cfg = { a: 1, b: [1, 2] } satisfies Record<string, unknown>;
export const routes = [ { path: "/" } ] as const satisfies readonly object[];
