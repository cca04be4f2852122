	const m = await import("./x.js");
for await (const v of gen()) console.log(v);
export {};
