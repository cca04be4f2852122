// A tight loop that never yields: stopped at the time limit.
console.log("spinning");
while (true) {}
