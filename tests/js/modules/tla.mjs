export const later = await new Promise((r) => setTimeout(() => r("resolved later"), 5));
