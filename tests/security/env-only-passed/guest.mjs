// Exactly the --env items, with their values as given (= in a value kept,
// an empty value kept, a later item replacing an earlier one of the same name).
const env = process.env;
console.log("keys:", Object.keys(env).sort().join(","));
console.log("FOO=" + env.FOO, "EQ=" + env.EQ, "EMPTY=[" + env.EMPTY + "]", "DUP=" + env.DUP, "PATH=" + env.PATH, "HOME=" + env.HOME);
