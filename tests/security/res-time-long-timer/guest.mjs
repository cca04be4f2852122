// Timers far in the future keep the run alive: stopped at the limit. (A
// delay beyond 2^31-1 ms is 1 ms, with a warning, as in Node.)
setTimeout(() => console.log("NOT REACHED"), 2 ** 31 - 1);
setTimeout(() => console.log("NOT REACHED either"), 1e9).ref();
setTimeout(() => console.log("overflow fired"), 1e12);
console.log("armed");
