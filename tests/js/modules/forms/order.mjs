globalThis.__order = (globalThis.__order || "") + "order,";
export const z = 1, a = 2, m = 3;
