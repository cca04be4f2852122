// Each promise job queues the next: the microtask queue never empties.
console.log("chaining");
Promise.resolve().then(function f() { Promise.resolve().then(f); });
