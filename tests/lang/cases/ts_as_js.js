const a = <number>(<unknown>"1");
let b = 1;
