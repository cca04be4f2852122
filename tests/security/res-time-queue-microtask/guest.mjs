// queueMicrotask re-queueing itself forever.
queueMicrotask(function f() { queueMicrotask(f); });
