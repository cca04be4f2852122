declare const cond: boolean;
if (cond) interface I {}
label: type T = 1;
while (false) declare const x: number;
