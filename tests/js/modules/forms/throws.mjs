export const before = 1;
throw new Error("module body failed");
