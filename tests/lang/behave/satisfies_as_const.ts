const palette = { red: [255, 0, 0], green: "#00ff00" } satisfies Record<string, string | number[]>;
const tuple = [1, "two"] as const;
const dirs = ["n", "s"] as const satisfies readonly string[];
console.log(palette.red.length, palette.green.toUpperCase(), tuple[1], dirs.join());
const v: unknown = "str";
console.log((v as string).length, (<string>v).charAt(0));
