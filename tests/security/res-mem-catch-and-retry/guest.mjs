// The guest catches every failed allocation and retries, keeping what it got: still stopped.
const keep = [];
for (;;) { try { keep.push(new Array(1e6).fill(keep.length)); } catch (e) { keep.length && keep.pop(); } }
